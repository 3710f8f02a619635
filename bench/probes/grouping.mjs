// `library.duplicates()` in-process on the bench's 100k index (bench/.corpus/home-100k): wall and
// CPU time and the groups, written sorted to OUT so two builds can be compared (cmp) for identical
// results. `node bench/probes/grouping.mjs [DIST] [OUT]`, DIST a built tree (default dist/).
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

const dist = resolve(process.argv[2] ?? new URL('../../dist', import.meta.url).pathname);
const out = process.argv[3] ?? '/dev/null';
const { openLibrary } = await import(`${dist}/core/library/facade.js`);
const library = openLibrary({ home: new URL('../.corpus/home-100k', import.meta.url).pathname, readOnly: true });
const cpu = process.cpuUsage();
const started = performance.now();
const groups = library.duplicates();
const used = process.cpuUsage(cpu);
console.log(
  `${groups.length} groups, ${(performance.now() - started).toFixed(0)} ms wall, ${((used.user + used.system) / 1000).toFixed(0)} ms CPU`,
);
writeFileSync(out, JSON.stringify(groups.map((group) => group.ids.slice().sort()).sort()));
library.close();
