// The README is the front door: every relative link in it and in docs/ must resolve inside the
// repository, to a file that exists and, for `#anchor` links, to a heading that exists (GitHub's
// slugs). External http(s) links are not fetched.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DOCUMENTS = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** GitHub's anchor of a heading: lowercase, punctuation dropped (not - and _), spaces to dashes,
 * repeats numbered. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const withoutCode = markdown.replace(/^```[\s\S]*?^```/gm, '');
  for (const [, heading] of withoutCode.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const slug = heading!
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** Markdown links and images `[text](target)` outside code blocks and inline code. */
function linksOf(markdown: string): string[] {
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((match) => match[1]!);
}

for (const document of DOCUMENTS) {
  t.test(`${document}: every relative link and anchor resolves inside the repository`, async (t) => {
    const text = readFileSync(join(ROOT, document), 'utf8');
    const links = linksOf(text).filter((link) => !/^[a-z][a-z0-9+.-]*:/i.test(link));
    t.ok(document !== 'README.md' || links.length > 5, `${links.length} relative links found`);
    for (const link of links) {
      const [path, anchor] = link.split('#') as [string, string | undefined];
      const target = path ? resolve(dirname(join(ROOT, document)), decodeURIComponent(path)) : join(ROOT, document);
      const inside = !relative(ROOT, target).startsWith('..');
      t.ok(inside, `${link}: inside the repository`);
      t.ok(inside && existsSync(target), `${link}: ${relative(ROOT, target)} exists`);
      if (anchor && existsSync(target) && statSync(target).isFile()) {
        t.ok(anchorsOf(readFileSync(target, 'utf8')).has(anchor), `${link}: a heading #${anchor}`);
      }
    }
  });
}

t.test('the anchor rule matches GitHub on the headings this README uses', async (t) => {
  const anchors = anchorsOf('## Setting the desktop wallpaper\n### `wallpaper scan [FOLDER...] [--json]`\n## Cron\n## Cron\n');
  t.ok(anchors.has('setting-the-desktop-wallpaper'));
  t.ok(anchors.has('wallpaper-scan-folder---json'));
  t.ok(anchors.has('cron') && anchors.has('cron-1'));
});
