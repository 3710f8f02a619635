// Ids shortened as git allows: a unique prefix of at least 4 hex characters names a wallpaper on
// every CLI command that takes one (favorite, hide, tag, duplicates --not); an ambiguous prefix is a
// usage error listing the candidates (exit 2); an unknown one is exit 1. HTTP {id} URLs stay exact.
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { runCli } from '../helpers/cli.js';
import { imageBytes, tempDir } from '../helpers/fixtures.js';

const idOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex').slice(0, 16);

/** Two JPEGs of one picture whose ids share their first 4 hex characters, and a third that does
 * not: the bytes differ after the end-of-image marker, which decoders ignore. */
async function collidingJpegs(): Promise<Buffer[]> {
  const base = await imageBytes({ width: 64, height: 40, color: '#305070' });
  const seen = new Map<string, Buffer>();
  for (let i = 0; ; i++) {
    const bytes = Buffer.concat([base, Buffer.from(`variant ${i}`)]);
    const prefix = idOf(bytes).slice(0, 4);
    const earlier = seen.get(prefix);
    if (earlier) {
      const other = [...seen.values()].find((b) => idOf(b).slice(0, 4) !== prefix)!;
      return [earlier, bytes, other];
    }
    seen.set(prefix, bytes);
  }
}

t.test('a unique prefix names a wallpaper; an ambiguous one lists the candidates', async (t) => {
  const home = tempDir(t);
  const pictures = tempDir(t);
  const [a, b, c] = await collidingJpegs();
  writeFileSync(join(pictures, 'a.jpg'), a!);
  writeFileSync(join(pictures, 'b.jpg'), b!);
  writeFileSync(join(pictures, 'c.jpg'), c!);
  const cli = (...args: string[]) => runCli(['--home', home, ...args]);
  const scanned = await cli('scan', pictures, '--json');
  t.equal(JSON.parse(scanned.stdout).added, 3, scanned.stderr);
  const [idA, idB, idC] = [idOf(a!), idOf(b!), idOf(c!)];

  const short = idC.slice(0, 4);
  for (const [args, expect] of [
    [['favorite', short], `favourite: ${idC}`],
    [['hide', short.toUpperCase()], `hidden: ${idC}`],
    [['tag', idC.slice(0, 6), '+sky'], `${idC}: sky`],
  ] as const) {
    const result = await cli(...args);
    t.equal(result.code, 0, `${args.join(' ')}: ${result.stderr}`);
    t.match(result.stdout, expect, args.join(' '));
  }

  const shared = idA.slice(0, 4);
  const ambiguous = await cli('favorite', shared);
  t.equal(ambiguous.code, 2, 'an ambiguous prefix is a usage error');
  t.equal(
    ambiguous.stderr,
    `wallpaper: ambiguous id "${shared}": it begins ${[idA, idB].sort().join(', ')}; give more of the id\n`,
    'the candidates listed',
  );
  const longer = await cli('favorite', idA.slice(0, idA.split('').findIndex((char, i) => char !== idB[i]) + 1));
  t.equal(longer.code, 0, 'one more character tells them apart');
  t.match(longer.stdout, idA);

  const marked = await cli('duplicates', '--not', idA.slice(0, 12), idC.slice(0, 5));
  t.equal(marked.code, 0, marked.stderr);

  const tooShort = await cli('hide', 'abc');
  t.equal(tooShort.code, 2, 'too short to be a prefix: said so');
  t.equal(tooShort.stderr, 'wallpaper: invalid id "abc": an id prefix needs at least 4 hex characters (a whole id has 16)\n');
  for (const unknown of ['ffff0', '12345678901234567', 'nothex']) {
    if (idA.startsWith(unknown) || idB.startsWith(unknown) || idC.startsWith(unknown)) continue;
    const result = await cli('hide', unknown);
    t.equal(result.code, 1, `${unknown}: unknown`);
    t.match(result.stderr, /^wallpaper: no wallpaper with id or indexed file/);
  }
});
