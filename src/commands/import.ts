// `wallpaper import FILE`: merge a `wallpaper export` file into this library (the rules are the
// core's portable/import.ts, told in the README) and say what was added and what could not be
// placed; `--json` prints the report as it is. An import that names wallpapers into a library that
// has none yet (before its first scan) placed none of them: after the report, one line says to scan
// first and import again, and the exit status is 1 (nothing of the kind asked was done).
import { readFileSync } from 'node:fs';
import { Command } from 'commander';
import { WallpaperError, oneLine } from '../core/index.js';
import type { ImportReport, ImportSection } from '../core/types.js';
import { type CliContext, libraryOf } from './context.js';
import { FILE_VARIABLES, helpFooter } from './help.js';
import { formatTable, printJson } from './output.js';

const WORDS: Record<ImportSection, string> = {
  favorites: 'favourites',
  hidden: 'hidden',
  tags: 'tagged',
  not_duplicates: '"not duplicates" pairs',
  history: 'history entries',
  settings: 'settings',
};

const summary = (counts: Record<ImportSection, number>) =>
  (Object.keys(WORDS) as ImportSection[]).map((section) => `${counts[section]} ${WORDS[section]}`).join(', ');

function printReport(ctx: CliContext, report: ImportReport): void {
  ctx.stdout.write(`Added: ${summary(report.added)}\n`);
  ctx.stdout.write(`Already here: ${summary(report.unchanged)}\n`);
  if (report.unplaced.length === 0) return;
  ctx.stdout.write(`Not placed (${report.unplaced.length}):\n`);
  const rows = report.unplaced.map((item) => {
    if (item.section === 'settings') return [item.section, item.key, JSON.stringify(item.value), item.reason];
    const ids = 'ids' in item ? item.ids.join(' ') : item.id;
    const paths = 'ids' in item ? item.paths.flat() : item.paths;
    return [item.section, ids, paths[0] ?? '(no path)', item.reason];
  });
  ctx.stdout.write(`${formatTable(rows.map((row) => row.map((cell, i) => (i === 0 ? `  ${cell}` : cell))))}\n`);
}

export function importCommand(ctx: CliContext): Command {
  const command = new Command('import')
    .description('merge a `wallpaper export` file into this library and report what could not be placed')
    .argument('<file>', 'the file `wallpaper export` wrote')
    .option('--json', 'print the report as JSON: {"added", "unchanged", "unplaced": [...]}');
  helpFooter(command, ['wallpaper import ~/wallpaper-data.json', 'wallpaper import old.json --json'], FILE_VARIABLES);
  return command.action((file: string, options: { json?: boolean }, cmd: Command) => {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      throw new WallpaperError('io_failed', `cannot read ${file}: ${oneLine(error)}`, { cause: error });
    }
    const library = libraryOf(cmd, ctx);
    try {
      const report = library.importData(text, file);
      if (options.json) printJson(ctx.stdout, report);
      else printReport(ctx, report);
      if (report.library_empty && report.unplaced.some((item) => item.section !== 'settings')) {
        const folders = library.settings().folders.length > 0 ? '`wallpaper scan`' : '`wallpaper scan FOLDER`';
        throw new WallpaperError(
          'not_found',
          `nothing was placed on a wallpaper: this library has no wallpapers yet; run ${folders} first, then import ${file} again`,
        );
      }
    } finally {
      library.close();
    }
  });
}
