// Figures of issues 15 and 32. Near-duplicates on the three sets of bench/lib/duplicate-sets.js at
// once (transformed real wallpapers, Debian's packages as shipped, generated hard negatives): all
// scanned for real into one library, grouped, and scored pair by pair per set (precision, recall,
// false groups; for the transformed set, recall per transform). Grouping time on the 100k index
// (`wallpaper duplicates --json`, a whole process), and the p99 of colour searches at 10 connections.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openLibrary } from '../../dist/core/library/facade.js';
import {
  DEBIAN_GROUPS,
  OTHER_SHAPE_EDITS,
  debianRoot,
  desktopBaseGroupOf,
  desktopBaseThemes,
  hardNegativeSet,
  transformOf,
  transformedSet,
} from '../lib/duplicate-sets.js';
import { seededRandom } from '../lib/util.js';
import { runWrk, writeScript } from '../lib/wrk.js';

const BIN = fileURLToPath(new URL('../../bin/wallpaper.js', import.meta.url));

/** Pair scores of one set: `truth(path)` names a file's true group; pairs across sets are not counted. */
function score(files, groupOf, truth) {
  let [truePairs, grouped, correct] = [0, 0, 0];
  const falseGroups = new Set();
  const perTransform = {};
  for (let i = 0; i < files.length; i++) {
    for (let j = i + 1; j < files.length; j++) {
      const [a, b] = [files[i], files[j]];
      const same = truth(a) === truth(b);
      const together = groupOf.has(a) && groupOf.get(a) === groupOf.get(b);
      if (same) truePairs++;
      if (together) grouped++;
      if (same && together) correct++;
      if (together && !same) falseGroups.add(groupOf.get(a));
      const original = /-original\./.test(a) ? b : /-original\./.test(b) ? a : undefined;
      if (same && original) {
        const kind = transformOf(
          original
            .split('/')
            .at(-1)
            .slice(5)
            .replace(/\.\w+$/, ''),
        );
        perTransform[kind] ??= [0, 0];
        perTransform[kind][1]++;
        if (together) perTransform[kind][0]++;
      }
    }
  }
  return { files: files.length, truePairs, grouped, correct, falseGroups: falseGroups.size, perTransform };
}

/** Set (a)'s true group of a file: its original's (`aNNN`), or its own for a crop that made another
 * screen shape (a crop of 10% of one side is 16:9 made 16:10, never a duplicate). */
const copyOf = (path) => {
  const [name] = path.split('/').at(-1).split('.');
  return OTHER_SHAPE_EDITS.some((edit) => name.endsWith(`-${edit}`)) ? name : name.slice(0, 4);
};

/** The three sets side by side, as a Markdown table. */
function sideBySide(results) {
  const sets = Object.values(results);
  const line = (label, cell) => `| ${label} | ${sets.map(cell).join(' | ')} |`;
  const kinds = [...new Set(sets.flatMap((r) => Object.keys(r.perTransform)))];
  return [
    `| near-duplicates | ${Object.keys(results).join(' | ')} |`,
    `|---|${sets.map(() => '---').join('|')}|`,
    line('files', (r) => r.files),
    line('true pairs', (r) => r.truePairs),
    line('pairs grouped', (r) => r.grouped),
    line('precision', (r) => (r.grouped ? r.correct / r.grouped : 1).toFixed(4)),
    line('recall', (r) => (r.truePairs ? (r.correct / r.truePairs).toFixed(4) : '-')),
    line('false groups', (r) => r.falseGroups),
    ...kinds.map((kind) =>
      line(`recall, ${kind} (original to copy)`, (r) => (r.perTransform[kind] ? r.perTransform[kind].join('/') : '-')),
    ),
  ].join('\n');
}

export async function duplicatesFigure({ root, scratch, log, options, corpus }) {
  const debian = debianRoot(log);
  const sets = {
    a: await transformedSet(root, log, debian, options.corpus ? corpus : undefined),
    b: join(debian, 'usr', 'share'),
    c: await hardNegativeSet(root, log),
  };
  const home = join(scratch, 'duplicates-home');
  rmSync(home, { recursive: true, force: true });
  const library = openLibrary({ home });
  try {
    library.updateSettings({
      folders: [sets.a, join(sets.b, 'backgrounds'), join(sets.b, 'wallpapers'), ...desktopBaseThemes(debian), sets.c],
    });
    const scanned = await library.scan();
    if (scanned.failed.length) log(`scan failures: ${JSON.stringify(scanned.failed)}`);
    const wallpapers = [];
    for (let page = 1, pages = 1; page <= pages; page++) {
      const answer = library.list({ hidden: 'any' }, { page, limit: 200 });
      pages = answer.pagination.total_pages;
      wallpapers.push(...answer.wallpapers);
    }
    const path = new Map(wallpapers.map((w) => [w.id, w.path]));
    const started = performance.now();
    const groups = library.duplicates();
    const groupMs = performance.now() - started;
    const groupOf = new Map();
    groups.forEach((group, k) => {
      for (const id of group.ids) groupOf.set(path.get(id), k);
    });
    const inSet = (dir) => [...path.values()].filter((p) => p.startsWith(`${dir}/`));
    const debianGroup = new Map(DEBIAN_GROUPS.flatMap((names, k) => names.map((name) => [name, `group ${k}`])));
    const results = {
      'a: transformed real wallpapers': score(inSet(sets.a), groupOf, copyOf),
      "b: Debian's packages as shipped": score(
        inSet(sets.b),
        groupOf,
        (p) => desktopBaseGroupOf(p) ?? debianGroup.get(p.split('/').at(-1)) ?? p,
      ),
      'c: hard negatives': score(inSet(sets.c), groupOf, (p) => p),
    };
    // Set (a)'s originals are set (b)'s pictures: a group may rightly hold both. Set (c) is distinct from all.
    const inC = (id) => path.get(id).startsWith(`${sets.c}/`);
    const across = groups.filter((g) => g.ids.some(inC) && !g.ids.every(inC));
    const rows = [];
    for (const [name, r] of Object.entries(results)) {
      const precision = r.grouped ? r.correct / r.grouped : 1;
      const recall = r.truePairs ? r.correct / r.truePairs : 1;
      const transforms = Object.entries(r.perTransform)
        .map(([kind, [found, of]]) => `${kind} ${found}/${of}`)
        .join(', ');
      rows.push(
        {
          name: `near-duplicates ${name}: pair precision`,
          subject: { label: 'precision', values: [precision], unit: '' },
          ratio: { kind: 'atleast', target: 1, unit: '' },
          note: `${r.files} files, ${r.truePairs} true pairs, ${r.grouped} grouped, ${r.correct} right${transforms ? `; original-to-copy pairs found per transform: ${transforms}` : ''}`,
        },
        {
          name: `near-duplicates ${name}: pair recall`,
          subject: { label: 'recall', values: [recall], unit: '' },
          ratio: { kind: 'atleast', target: r.truePairs ? 0.97 : 1, unit: '' },
        },
        {
          name: `near-duplicates ${name}: false groups`,
          subject: { label: 'groups', values: [r.falseGroups], unit: '' },
          ratio: { kind: 'absolute', target: 0, unit: '' },
        },
      );
    }
    rows[0].table = sideBySide(results);
    rows.push({
      name: 'near-duplicates: groups holding a hard negative and a real wallpaper',
      subject: { label: 'groups', values: [across.length], unit: '' },
      ratio: { kind: 'absolute', target: 0, unit: '' },
      note: `${wallpapers.length} wallpapers, ${groups.length} groups, grouped in ${groupMs.toFixed(0)} ms`,
    });
    return rows;
  } finally {
    library.close();
  }
}

export async function groupingFigure({ big, options }) {
  const runs = options.quick ? 1 : 3;
  const seconds = [];
  let groups = 0;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const result = spawnSync(process.execPath, [BIN, '--home', big.home, 'duplicates', '--json'], { encoding: 'utf8', maxBuffer: 1 << 30 });
    if (result.status !== 0) throw new Error(`duplicates --json failed: ${result.stderr}`);
    seconds.push((performance.now() - started) / 1000);
    groups = JSON.parse(result.stdout).groups.length;
  }
  return [
    {
      name: '`wallpaper duplicates --json` on the 100k index (a whole process), wall time',
      subject: { label: 'duplicates', values: seconds, unit: 's' },
      ratio: { kind: 'absolute', target: 10, unit: 's' },
      note: `${groups} groups found (the index plants one near-duplicate in 40)`,
    },
  ];
}

/** 100 colour searches: a colour alone, with a tag-free filter, two colours, sort=color, pages. */
export function colourPaths(count = 100) {
  const random = seededRandom(1515);
  const hex = () =>
    Math.floor(random() * 0xffffff)
      .toString(16)
      .padStart(6, '0');
  return Array.from({ length: count }, (_, i) => {
    const params = new URLSearchParams({ color: hex() });
    if (i % 4 === 1) params.set('brightness', 'dark');
    if (i % 5 === 2) params.append('color', hex());
    if (i % 3 === 0) params.set('sort', 'color');
    if (i % 7 === 3) params.set('color_tolerance', '0.15');
    if (i % 6 === 4) params.set('page', String(2 + Math.floor(random() * 5)));
    return `/api/wallpapers?${params}`;
  });
}

export async function colourFigure({ server, options, scratch }) {
  // The colour index loads on the first colour search after the palettes change: once, timed here.
  const started = performance.now();
  const warm = await fetch(`${server.base}/api/wallpapers?color=000000&limit=1`);
  if (warm.status !== 200) throw new Error(`colour search: ${warm.status} ${await warm.text()}`);
  await warm.text();
  const loadMs = performance.now() - started;
  const script = writeScript(scratch, 'colour', colourPaths());
  const runs = [];
  for (let i = 0; i < options.runs; i++) runs.push(runWrk(server.base, script, options.duration));
  return [
    {
      name: 'GET /api/wallpapers?color=... p99 latency at 10 connections, 100k index, 100 rotating searches',
      subject: { label: 'wallpaper', values: runs.map((r) => r.p99), unit: 'ms' },
      ratio: { kind: 'absolute', target: 25, unit: 'ms' },
      note: `${runs.map((r) => Math.round(r.rps)).join(' / ')} req/s; the colour index loaded in ${loadMs.toFixed(0)} ms on the first search`,
    },
  ];
}
