// `wallpaper duplicates` lists the groups that free the most space first, in its table
// and with --json, in process (the same run() bin/ calls).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import t from 'tap';
import { run } from '../../src/cli.js';
import { byKeepId, groupNames, savings, writeGroupsOfSizes } from '../helpers/duplicate-groups.js';
import { tempDir } from '../helpers/fixtures.js';

async function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const [out, err] = [new PassThrough(), new PassThrough()];
  let [stdout, stderr] = ['', ''];
  out.on('data', (chunk: Buffer) => (stdout += chunk));
  err.on('data', (chunk: Buffer) => (stderr += chunk));
  const code = await run(['node', 'wallpaper', ...args], { env: {}, stdout: out, stderr: err });
  return { code, stdout, stderr };
}

t.test('duplicates: the group that frees the most space first, in the table and in --json', async (t) => {
  const root = tempDir(t);
  const pictures = join(root, 'pictures');
  mkdirSync(pictures);
  await writeGroupsOfSizes(pictures);
  const home = join(root, 'home');
  t.equal((await cli('--home', home, 'scan', pictures, '--quiet')).code, 0);

  const json = await cli('--home', home, 'duplicates', '--json');
  t.equal(json.code, 0, json.stderr);
  const { groups } = JSON.parse(json.stdout);
  t.same(groupNames(groups), ['large', 'middle', 'small'], 'largest saving first');
  const freed = savings(groups);
  t.same(
    freed,
    [...freed].sort((a, b) => b - a),
    `savings fall (${freed.join(', ')} bytes)`,
  );
  t.notSame(byKeepId(groups), groupNames(groups), "the fixture's order is not the kept ids' order (the order before)");

  const table = await cli('--home', home, 'duplicates');
  t.equal(table.code, 0, table.stderr);
  const kept = [...table.stdout.matchAll(/^keep\s+\S+\s+\S+\s+\S+ (?:bytes|KB|MB)\s+(\S+)$/gm)].map(
    (m) => m[1]!.split('/').at(-1)!.split('-')[0],
  );
  t.same(kept, ['large', 'middle', 'small'], 'the table lists the groups in the same order');
});
