// `wallpaper fetch [NAME...]`: ask each source (or the named ones) for new wallpapers, index them,
// trim each to its --keep. One line per source (or `--json`); exit 1 when any source failed (the
// others are still fetched). `--if-due` makes timers, login hooks and cron fetch once per interval.
import { Command } from 'commander';
import { openDesktop, schedule, WallpaperError } from '../core/index.js';
import type { FetchSummary } from '../core/types.js';
import { type CliContext, libraryOf } from './context.js';
import { FILE_VARIABLES, helpFooter } from './help.js';
import { printJson } from './output.js';

/** The largest monitor, for services that can ask for at least its size; none when undetectable. */
async function largestMonitor(ctx: CliContext): Promise<{ width: number; height: number } | undefined> {
  const monitors = await openDesktop(ctx.env)
    .monitors()
    .catch(() => []);
  return monitors.sort((a, b) => b.width * b.height - a.width * a.height)[0];
}

const line = (s: FetchSummary): string =>
  `${s.name}: ${s.added} added, ${s.skipped} skipped, ${s.removed} removed, ${s.failed} failed${s.error ? ` (error: ${s.error})` : ''}\n`;

export function fetchCommand(ctx: CliContext): Command {
  const command = new Command('fetch')
    .description('fetch new wallpapers from the sources (`wallpaper source add`) into the library')
    .argument('[names...]', 'only these sources')
    .option('--if-due <duration>', 'only when the last fetch is at least this long ago (30m, 1h, 1d, daily)')
    .option('--json', 'print {"sources": [{name, added, skipped, removed, failed, error}]}');
  helpFooter(
    command,
    ['wallpaper fetch', 'wallpaper fetch wallhaven --json', 'wallpaper fetch --if-due 1d'],
    [...FILE_VARIABLES, 'WALLPAPER_FETCH_TIMEOUT', 'WALLPAPER_MONITORS'],
  );
  return command.action(async (names: string[], options: { ifDue?: string; json?: boolean }, cmd: Command) => {
    const dueMs = options.ifDue === undefined ? undefined : schedule.parseDuration(options.ifDue);
    const seconds = Number(ctx.env.WALLPAPER_FETCH_TIMEOUT);
    const timeoutMs = Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : undefined;
    const library = libraryOf(cmd, ctx);
    const claim = dueMs === undefined ? undefined : schedule.claimIfDue(library.dirs.data, dueMs, Date.now, 'fetch');
    if (dueMs !== undefined && !claim) return library.close();
    try {
      const wanted = names.length > 0 ? library.settings().sources.filter((s) => names.includes(s.name)) : library.settings().sources;
      const monitor = wanted.some((s) => s.kind === 'wallhaven') ? await largestMonitor(ctx) : undefined;
      const summaries = await library.fetchSources(names, {
        timeoutMs,
        monitor,
        onSource: options.json ? undefined : (summary) => ctx.stdout.write(line(summary)),
      });
      claim?.changed();
      if (options.json) printJson(ctx.stdout, { sources: summaries });
      else if (summaries.length === 0) ctx.stdout.write('No sources: add one with `wallpaper source add KIND`\n');
      const failed = summaries.filter((s) => s.error !== null).map((s) => s.name);
      // The failed sources named on stderr (cli.ts), exit 1; the others' wallpapers are in.
      if (failed.length > 0)
        throw new WallpaperError('unavailable', `${failed.length === 1 ? 'source' : 'sources'} failed: ${failed.join(', ')}`);
    } finally {
      claim?.release();
      library.close();
    }
  });
}
