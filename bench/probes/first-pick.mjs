// A client walk's picks in-process on the bench's 100k index (bench/.corpus/home-100k, made by
// `npm run bench -- --only frame`): a plain random pick for a 1920x1080 screen, then three new
// clients' first, second and third picks, each with its wall and CPU time (CPU holds up on a busy
// machine). `node bench/probes/first-pick.mjs [DIST]`, DIST a built tree (default dist/).
import { resolve } from 'node:path';

const dist = resolve(process.argv[2] ?? new URL('../../dist', import.meta.url).pathname);
const { openLibrary } = await import(`${dist}/core/library/facade.js`);
const library = openLibrary({ home: new URL('../.corpus/home-100k', import.meta.url).pathname, readOnly: true });
const screen = { w: 1920, h: 1080 };
const time = (label, pick) => {
  const cpu = process.cpuUsage();
  const started = performance.now();
  pick();
  const used = process.cpuUsage(cpu);
  console.log(`${label}: ${(performance.now() - started).toFixed(1)} ms wall, ${((used.user + used.system) / 1000).toFixed(1)} ms CPU`);
};
time('plain random for the screen', () => library.random({}, { screen }));
for (let i = 0; i < 3; i++) {
  const client = `probe-${Date.now()}-${i}`;
  for (const which of ['first', 'second', 'third'])
    time(`new client ${i}, ${which} pick`, () => library.random({}, { screen, order: { client } }));
}
library.close();
