// The reasons live inside the repository: a comment in src/, test/, gallery/ or bench/ that cites a
// rule names a page of docs/ and, where it has one, a heading of it (`docs/design.md#identity`), and
// every such reference resolves to a page and a heading that exist. Nothing cites a document or a
// tracker the repository does not hold. See docs/design.md.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { anchorsOf } from './helpers/anchors.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const FOLDERS = ['src', 'test', 'gallery', 'bench'];
const SOURCE = /\.(ts|js|mjs|cjs|html|css)$/;

function filesUnder(folder: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(folder)) {
    const path = join(folder, entry);
    if (entry === 'node_modules' || entry === 'dist' || entry === 'fixtures') continue;
    if (statSync(path).isDirectory()) found.push(...filesUnder(path));
    else if (SOURCE.test(entry)) found.push(path);
  }
  return found;
}

const files = FOLDERS.flatMap((folder) => filesUnder(join(ROOT, folder)));
// Written in pieces so that this file does not match itself.
const OUTSIDE = new RegExp(['CONTRACT', '\\.md|ARCHITECTURE', '\\.md|\\bissue ', '\\d'].join(''));
const REFERENCE = /\bdocs\/([\w-]+\.md)(?:#([\w-]+))?/g;

t.test('no comment cites a document or tracker outside the repository', async (t) => {
  const offenders: string[] = [];
  for (const file of files) {
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, index) => {
        if (OUTSIDE.test(line)) offenders.push(`${relative(ROOT, file)}:${index + 1}: ${line.trim()}`);
      });
  }
  t.same(offenders, [], 'every reason points inside the repository');
});

t.test('every reference to a page of docs/ and its heading resolves', async (t) => {
  const anchors = new Map<string, Set<string> | undefined>();
  const anchorsOfPage = (page: string) => {
    if (!anchors.has(page)) {
      const path = join(ROOT, 'docs', page);
      let text: string | undefined;
      try {
        text = readFileSync(path, 'utf8');
      } catch {
        text = undefined;
      }
      anchors.set(page, text === undefined ? undefined : anchorsOf(text));
    }
    return anchors.get(page);
  };
  const broken: string[] = [];
  let count = 0;
  for (const file of files) {
    for (const [, page, anchor] of readFileSync(file, 'utf8').matchAll(REFERENCE)) {
      count++;
      const headings = anchorsOfPage(page!);
      if (headings === undefined) broken.push(`${relative(ROOT, file)}: docs/${page} does not exist`);
      else if (anchor && !headings.has(anchor)) broken.push(`${relative(ROOT, file)}: docs/${page}#${anchor} has no such heading`);
    }
  }
  t.ok(count > 100, `${count} references read`);
  t.same(broken, [], 'every reference names a page and heading that exist');
});
