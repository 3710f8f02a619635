// A temporary desktop session for the setter tests: fake desktop tools (test/fixtures/fake-setters/
// record) as the only PATH, a log of every call's exact argv, and an image whose name has spaces,
// both quotes, a backslash and things a shell would expand.
import { existsSync, readFileSync } from 'node:fs';
import { chmod, copyFile, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Test } from 'tap';
import type { SetterOptions } from '../../src/core/desktop/setters/index.js';

export const FAKE = fileURLToPath(new URL('../fixtures/fake-setters/record', import.meta.url));

export interface Call {
  tool: string;
  args: string[];
}

/** A temporary session: fakes for `tools` as the only PATH, a call log, and an image whose name
 * has spaces, both quotes, a backslash and things a shell would expand (`more(n)`: n more of them,
 * one per monitor). */
export async function session(t: Test, tools: string[], env: NodeJS.ProcessEnv = {}) {
  const dir = t.testdir({ bin: {}, 'my walls': {} });
  const bin = path.join(dir, 'bin');
  for (const tool of tools) {
    await copyFile(FAKE, path.join(bin, tool));
    await chmod(path.join(bin, tool), 0o755);
  }
  const log = path.join(dir, 'calls.log');
  const image = path.join(dir, 'my walls', `it's a "dark" \\ $HOME $& pic.jpg`);
  await writeFile(image, 'not really a jpeg: setters never read it');
  const options: SetterOptions = {
    env: { PATH: bin, FAKE_LOG: log, XDG_RUNTIME_DIR: dir, ...env },
    platform: 'linux',
  };
  const calls = async (): Promise<Call[]> => {
    const text = await readFile(log, 'utf8').catch(() => '');
    return text
      .split('>>> ')
      .filter(Boolean)
      .map((record) => {
        const [tool = '', ...args] = record.replace(/\n$/, '').split('\n');
        return { tool, args };
      });
  };
  const more = async (count: number): Promise<string[]> => {
    const files = Array.from({ length: count }, (_, index) => path.join(dir, 'my walls', `monitor ${index} "it's" $HOME.jpg`));
    for (const file of files) await writeFile(file, 'not really a jpeg either');
    return files;
  };
  return { dir, bin, log, image, options, calls, more };
}

/** The fake tools' call log as [tool, ...args] per call (an argument with newlines spans lines). */
export function readCalls(log: string): string[][] {
  if (!existsSync(log)) return [];
  return readFileSync(log, 'utf8')
    .split('>>> ')
    .filter(Boolean)
    .map((record) => record.replace(/\n$/, '').split('\n'));
}
