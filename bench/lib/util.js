// Small helpers shared by the bench files: a seeded random source (the same corpus and index on
// every machine), a bounded parallel map, and waiting for a line of a child process.

/** Mulberry32: tiny, fast, good enough to spread synthetic records. */
export function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Pick from [value, weight] pairs. */
export function weighted(random, pairs) {
  const total = pairs.reduce((sum, [, w]) => sum + w, 0);
  let r = random() * total;
  for (const [value, w] of pairs) {
    r -= w;
    if (r < 0) return value;
  }
  return pairs[pairs.length - 1][0];
}

/** `fn`'s wall time in seconds and the process's CPU time (user + system, every thread) in seconds
 * while it ran, with its value. */
export async function timed(fn) {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const value = await fn();
  const used = process.cpuUsage(cpu);
  return { seconds: (performance.now() - started) / 1000, cpu: (used.user + used.system) / 1e6, value };
}

export async function mapLimit(items, limit, fn) {
  const results = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** Resolve with the first match of `pattern` in the child's stream, reject if it exits first. */
export function waitForLine(child, stream, pattern, timeoutMs = 120_000) {
  return new Promise((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => done(new Error(`timed out waiting for ${pattern} in:\n${text.slice(-2000)}`)), timeoutMs);
    const onData = (chunk) => {
      text += chunk;
      const match = pattern.exec(text);
      if (match) done(undefined, match);
    };
    const onExit = (code) => done(new Error(`process exited (${code}) before ${pattern}:\n${text.slice(-2000)}`));
    const done = (error, match) => {
      clearTimeout(timer);
      stream.off('data', onData);
      child.off('exit', onExit);
      if (error) reject(error);
      else resolve(match);
    };
    stream.setEncoding('utf8');
    stream.on('data', onData);
    child.on('exit', onExit);
  });
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
