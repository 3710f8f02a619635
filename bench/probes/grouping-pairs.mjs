// The candidate pairs of two builds' multi-index walk (src/core/curate/hash-index.ts) on the
// 100k index's hashes (bench/.corpus/home-100k): whether the two sets are identical, whether a
// pair comes twice, and each walk's CPU time. `node bench/probes/grouping-pairs.mjs DIST_A DIST_B`,
// each a built tree (absolute paths).
const [a, b] = process.argv.slice(2).map((dist) => new URL(dist, `file://${process.cwd()}/`).pathname);
if (!a || !b) throw new Error('usage: node bench/probes/grouping-pairs.mjs DIST_A DIST_B');
const { openStore } = await import(`${a}/core/store/index.js`);
const store = openStore(new URL('../.corpus/home-100k/index.sqlite', import.meta.url).pathname);
const { prepare, SIGNATURE_WITHIN, HASH_WITHIN } = await import(`${a}/core/curate/similarity.js`);
const prepared = store
  .candidates()
  .map((c) => prepare(c.fingerprint))
  .sort((x, y) => x.meanL - y.meanL);
store.close();
const low = Uint32Array.from(prepared, (p) => p.low);
const high = Uint32Array.from(prepared, (p) => p.high);
const A = await import(`${a}/core/curate/hash-index.js`);
const B = await import(`${b}/core/curate/hash-index.js`);
const bands = Uint8Array.from(prepared, (p) => 1 + Math.min(A.BANDS - 3, Math.max(0, Math.floor(p.meanL / SIGNATURE_WITHIN))));
const n = low.length;
const collect = (walk) => {
  const pairs = [];
  const cpu = process.cpuUsage();
  walk(low, high, bands, HASH_WITHIN, (i, j) => pairs.push(i * n + j));
  const used = process.cpuUsage(cpu);
  return { pairs: Float64Array.from(pairs).sort(), ms: Math.round((used.user + used.system) / 1000) };
};
const [x, y] = [collect(A.forEachCandidatePair), collect(B.forEachCandidatePair)];
const identical = x.pairs.length === y.pairs.length && x.pairs.every((pair, k) => pair === y.pairs[k]);
const twice = (pairs) => pairs.filter((pair, k) => k > 0 && pair === pairs[k - 1]).length;
console.log({
  pairsA: x.pairs.length,
  pairsB: y.pairs.length,
  identical,
  twiceA: twice(x.pairs),
  twiceB: twice(y.pairs),
  cpuMsA: x.ms,
  cpuMsB: y.ms,
});
