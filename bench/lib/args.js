// Command-line flags of `npm run bench` (node bench/run.js [flags]), parsed by hand: the bench has no
// dependencies beyond what the project already installs.

const HELP = `usage: npm run bench -- [flags]
  --quick          fewer and shorter runs (about a third of the time): for a first look, not for RESULTS.md
  --runs N         repeated runs per figure (default 3, quick 2)
  --duration S     seconds of each wrk run (default 5, quick 3)
  --corpus DIR     use this folder of real wallpapers for the image figures instead of the generated corpus
  --only a,b       run only these figures: scan, rescan, list, random, client, files, variants, big-variants, epaper, cli, memory, monitors,
                   duplicates, grouping, colour, workers, cdn, postgres, frame, formats, formats-memory, on-screen, million (not in the default set: its
                   index takes minutes to make the first time)
  --json FILE      also write every measurement as JSON to FILE`;

export const FIGURES = [
  'scan',
  'rescan',
  'list',
  'random',
  'client',
  'files',
  'variants',
  'big-variants',
  'epaper',
  'cli',
  'memory',
  'monitors',
  'duplicates',
  'grouping',
  'colour',
  'workers',
  'cdn',
  'postgres',
  'frame',
  'formats',
  'formats-memory',
  'on-screen',
  'million',
];
/** Run without --only: every figure but the million-record ones and formats (its corpus takes minutes to encode). */
const DEFAULT_FIGURES = FIGURES.filter((name) => name !== 'million' && name !== 'formats' && name !== 'formats-memory');

export function parseArgs(argv) {
  const options = { quick: false, runs: undefined, duration: undefined, corpus: undefined, only: DEFAULT_FIGURES, json: undefined };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const next = argv[++i];
      if (next === undefined) throw new Error(`${arg} needs a value\n${HELP}`);
      return next;
    };
    if (arg === '--quick') options.quick = true;
    else if (arg === '--runs') options.runs = wholeNumber(arg, value());
    else if (arg === '--duration') options.duration = wholeNumber(arg, value());
    else if (arg === '--corpus') options.corpus = value();
    else if (arg === '--json') options.json = value();
    else if (arg === '--only') {
      options.only = value()
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean);
      const unknown = options.only.filter((name) => !FIGURES.includes(name));
      if (unknown.length) throw new Error(`unknown figure ${unknown.join(', ')}: expected ${FIGURES.join(', ')}`);
    } else if (arg === '--help' || arg === '-h') {
      console.log(HELP);
      process.exit(0);
    } else throw new Error(`unknown flag ${arg}\n${HELP}`);
  }
  options.runs ??= options.quick ? 2 : 3; // 3 full runs keep a fresh clone (corpus included) under 10 minutes
  options.duration ??= options.quick ? 3 : 5;
  return options;
}

function wholeNumber(flag, text) {
  if (!/^\d+$/.test(text) || Number(text) < 1) throw new Error(`${flag} expects a whole number >= 1, got ${text}`);
  return Number(text);
}
