// The environment a user's terminal gives the program: the test's own without what tap adds to every
// process it starts. tap puts `--import` of its process-info hook in NODE_OPTIONS, so a spawned
// `serve` loaded that hook again in itself, in its relaunched child and in every worker thread: it
// added 45-50 MB to serve's peak on 4K JPEG XL and HEIC (bin/'s process 67 MB against 44, the
// relaunched serve 40 MB more; bench/RESULTS.md). The memory tests measure the program, so they
// start it with this.
export function userEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const clean = Object.fromEntries(Object.entries(env).filter(([name]) => !name.startsWith('_TAPJS_')));
  const options = (env.NODE_OPTIONS ?? '')
    .split(/\s+/)
    .filter((option) => option && !/tapjs/.test(option))
    .join(' ');
  if (options) clean.NODE_OPTIONS = options;
  else delete clean.NODE_OPTIONS;
  return clean;
}
