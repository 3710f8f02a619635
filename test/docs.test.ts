// The README is the front door: every relative link in it and in docs/ must resolve inside the
// repository, to a file that exists and, for `#anchor` links, to a heading that exists (GitHub's
// slugs). External http(s) links are not fetched. Every `wallpaper` command they show must be one
// the CLI accepts (its --help, run in-process once per command), and the README's tables must name
// every command and every endpoint.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { anchorsOf } from './helpers/anchors.js';
import { helpOf } from './helpers/help.js';
import { invocations, shownCommands } from './helpers/shown-commands.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DOCUMENTS = [
  'README.md',
  'contrib/systemd/README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

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

// The README is a front door: short, with every command and endpoint one line each and a
// link to its page, and every command the pages show is one the CLI accepts.
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const README_LINES = 350;

t.test(`the README is at most ${README_LINES} lines`, async (t) => {
  const lines = README.split('\n').length - (README.endsWith('\n') ? 1 : 0);
  t.ok(lines <= README_LINES, `${lines} lines`);
});

interface HelpInfo {
  commands: Set<string>;
  /** Long flags, with whether each takes a value. */
  flags: Map<string, boolean>;
}

/** What `wallpaper ...path --help` lists: its commands and its flags (run once per path). */
const helps = new Map<string, Promise<HelpInfo | undefined>>();
function helpFor(path: readonly string[]): Promise<HelpInfo | undefined> {
  const key = path.join(' ');
  if (!helps.has(key)) {
    helps.set(
      key,
      helpOf(path).then(({ code, stdout }) => {
        if (code !== 0) return undefined;
        const info: HelpInfo = { commands: new Set(), flags: new Map() };
        for (const [, title, body] of stdout.matchAll(/\n([A-Z][a-z]+):\n((?: {2}.*\n)+)/g)) {
          for (const line of body!.split('\n')) {
            if (title === 'Commands') {
              const name = /^ {2}([a-z][\w-]*)/.exec(line)?.[1];
              if (name && name !== 'help') info.commands.add(name);
            } else if (title === 'Options') {
              const flag = /^ {2}(?:-\w, )?(--[\w-]+)( <)?/.exec(line);
              if (flag) info.flags.set(flag[1]!, Boolean(flag[2]));
            }
          }
        }
        return info;
      }),
    );
  }
  return helps.get(key)!;
}

/** Why the CLI would not accept these words, or undefined when it would. */
async function refusal(words: readonly string[], synopsis: boolean): Promise<string | undefined> {
  const top = (await helpFor([]))!;
  let i = 0;
  for (; i < words.length && words[i]!.startsWith('-'); i++) {
    if (['-V', '--version', '-h', '--help'].includes(words[i]!)) return undefined;
    const takes = top.flags.get(words[i]!.replace(/=.*/, ''));
    if (takes === undefined) return `${words[i]} is not a global option`;
    if (takes && !words[i]!.includes('=')) i++;
  }
  if (i >= words.length) return undefined;
  // A synopsis may name the command by a placeholder (`wallpaper COMMAND --help`).
  if (synopsis && /^[A-Z][A-Z_]*$/.test(words[i]!)) return undefined;
  const path = [words[i++]!];
  if (!top.commands.has(path[0]!)) return `no command ${path[0]}`;
  let help = await helpFor(path);
  const paths = [path];
  if (help && help.commands.size > 0) {
    const next = words[i];
    const names = next?.split('|') ?? [];
    if (names.length > 0 && names.every((name) => help!.commands.has(name))) {
      paths.splice(0, 1, ...names.map((name) => [...path, name]));
      i++;
    } else if (!synopsis) {
      return `wallpaper ${path[0]} has no command ${next ?? '(none given)'}`;
    }
  }
  for (const each of paths) {
    help = await helpFor(each);
    if (!help) return `wallpaper ${each.join(' ')} --help fails`;
    for (const word of words.slice(i)) {
      const flag = /^--[\w-]+/.exec(word)?.[0];
      if (flag && flag !== '--help' && !help.flags.has(flag) && !top.flags.has(flag)) {
        return `${flag} is not a flag of wallpaper ${each.join(' ')}`;
      }
    }
  }
  return undefined;
}

for (const document of DOCUMENTS) {
  t.test(`${document}: every wallpaper command shown is one the CLI accepts`, async (t) => {
    const shown = shownCommands(readFileSync(join(ROOT, document), 'utf8'));
    t.ok(document !== 'README.md' || shown.length > 20, `${shown.length} commands found`);
    for (const { line, words, synopsis } of shown) {
      const why = await refusal(words, synopsis);
      t.equal(why, undefined, `${line}${why ? `: ${why}` : ''}`);
    }
  });
}

for (const document of DOCUMENTS) {
  t.test(`${document}: a command line shown is inside a code block`, async (t) => {
    const commands = (await helpFor([]))!.commands;
    let fenced = false;
    const loose: string[] = [];
    for (const line of readFileSync(join(ROOT, document), 'utf8').split('\n')) {
      if (line.startsWith('```')) fenced = !fenced;
      else if (!fenced && commands.has(/^wallpaper ([a-z-]+)/.exec(line)?.[1] ?? '')) loose.push(line);
    }
    t.same(loose, [], 'outside a fence, the lines run together as prose');
  });
}

t.test('the reading of shell lines finds the commands and only those', async (t) => {
  const cases: [string, string[][]][] = [
    ['$ wallpaper random --set --if-due 29m   # a comment --not-a-flag', [['random', '--set', '--if-due', '29m']]],
    ['*/30 * * * * DISPLAY=:0 /usr/local/bin/wallpaper random --set', [['random', '--set']]],
    ['source <(wallpaper completion bash)', [['completion', 'bash']]],
    ['sudo -u wallpaper WALLPAPER_HOME=/var/lib/wallpaper wallpaper config add-folder /srv', [['config', 'add-folder', '/srv']]],
    ['sudo -u postgres createdb --owner wallpaper wallpaper', []],
    ['npx wallpaper --home .try list | head -1 && node bin/wallpaper.js serve 2>> serve.log', [['--home', '.try', 'list'], ['serve']]],
    ['ExecStart=/usr/local/bin/wallpaper serve --host 0.0.0.0', [['serve', '--host', '0.0.0.0']]],
    [
      'wallpaper config set set_command "sh -c \'my-script \\"\\$1\\"\' sh {path}"',
      [['config', 'set', 'set_command', 'sh -c \'my-script "$1"\' sh {path}']],
    ],
    ['no wallpaper setter found: configure one with: wallpaper config set', []],
  ];
  for (const [line, expected] of cases) t.same(invocations(line), expected, line);
  const shown = shownCommands(
    '```console\n$ wallpaper scan\nwallpaper list is output\n```\n```text\nwallpaper bogus\n```\nSee `wallpaper source add|list [--json]`.\nAnd `wallpaper random\n--set`.\n',
  );
  t.same(
    shown.map(({ words, synopsis }) => [words, synopsis]),
    [
      [['scan'], false],
      [['source', 'add|list', '--json'], true],
      [['random', '--set'], true],
    ],
  );
});

t.test('a command or flag the CLI does not have is refused', async (t) => {
  t.match(await refusal(['lsit'], false), /no command lsit/);
  t.match(await refusal(['random', '--hue', 'red'], false), /--hue is not a flag of wallpaper random/);
  t.match(await refusal(['source', 'ad', 'reddit'], false), /has no command ad/);
  t.match(await refusal(['config', 'set', 'x', '1', '--json'], false), /--json is not a flag of wallpaper config set/);
  t.match(await refusal(['source', 'add|list', '--delete-files'], true), /--delete-files is not a flag of wallpaper source add/);
  t.equal(await refusal(['--home', '/tmp/x', 'random', '--set', '--brightness', 'dark'], false), undefined);
});

/** The rows of the README's tables. */
const ROWS = README.split('\n').filter((line) => line.startsWith('| '));

t.test('the README lists every command, one row each, with a link to its page', async (t) => {
  const paths: string[][] = [];
  const visit = async (path: string[]) => {
    const help = await helpFor(path);
    for (const name of help?.commands ?? []) {
      paths.push([...path, name]);
      await visit([...path, name]);
    }
  };
  await visit([]);
  t.ok(paths.length >= 20, `${paths.length} commands`);
  for (const path of paths) {
    const name = `\`wallpaper ${path.join(' ')}`;
    const row = ROWS.find((line) => line.includes(`${name} `) || line.includes(`${name}\``));
    t.ok(row, `a row for wallpaper ${path.join(' ')}`);
    t.match(row, /\]\(docs\/[\w-]+\.md(#[\w-]+)?\)/, `wallpaper ${path.join(' ')}: a link to its page`);
  }
});

t.test('the README lists every endpoint of the OpenAPI document, one row each, with a link', async (t) => {
  const openapi = JSON.parse(readFileSync(join(ROOT, 'openapi/openapi.json'), 'utf8')) as {
    paths: Record<string, Record<string, unknown>>;
  };
  const endpoints = Object.entries(openapi.paths).flatMap(([path, item]) =>
    Object.keys(item)
      .filter((method) => ['get', 'put', 'post', 'delete', 'patch'].includes(method))
      .map((method) => [method.toUpperCase(), path] as const),
  );
  t.ok(endpoints.length >= 25, `${endpoints.length} endpoints`);
  for (const [method, path] of endpoints) {
    const row = ROWS.find((line) => line.includes(`${path}\``) && new RegExp(`\\b${method}\\b`).test(line));
    t.ok(row, `a row for ${method} ${path}`);
    t.match(row, /\]\(docs\/[\w-]+\.md(#[\w-]+)?\)/, `${method} ${path}: a link to its page`);
  }
});

t.test('every page of docs/ opens with its summary and a link back to the README', async (t) => {
  for (const document of DOCUMENTS.filter((name) => name.startsWith('docs/'))) {
    const text = readFileSync(join(ROOT, document), 'utf8');
    const opening = text.split(/\n## /)[0]!;
    t.match(opening, /^# .+\n\n\S/, `${document}: a title, then a paragraph`);
    t.match(opening, /\]\(\.\.\/README\.md\)/, `${document}: a link back to the README before its first section`);
  }
});
