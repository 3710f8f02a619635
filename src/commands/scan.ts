// `wallpaper scan [FOLDER...]`: add folders to the library and index all of it.
import { resolve } from 'node:path';
import { Command } from 'commander';
import type { ScanProgress } from '../core/types.js';
import { type CliContext, isInteractive, libraryOf } from './context.js';
import { colorEnabled } from './color.js';
import { FILE_VARIABLES, helpFooter } from './help.js';
import { summaryLine } from '../scan-summary.js';
import { printJson, scanDetails } from './output.js';

export function scanCommand(ctx: CliContext): Command {
  const command = new Command('scan')
    .description('add FOLDERs to the library, then index all of it (only new and changed files are read)')
    .argument('[folders...]', 'folders to add to the library')
    .option('--json', 'print the scan summary as JSON')
    .option('--quiet', 'print nothing but errors')
    .option('--verbose', 'list every duplicate and skipped file, not only how many');
  helpFooter(
    command,
    [
      'wallpaper scan ~/Pictures/Wallpapers',
      'wallpaper scan --json | jq .failed',
      'wallpaper scan --quiet    # from cron or a timer: only errors',
    ],
    [...FILE_VARIABLES, 'NO_COLOR'],
  );
  return command.action(async (folders: string[], options: { json?: boolean; quiet?: boolean; verbose?: boolean }, command: Command) => {
    const library = libraryOf(command, ctx);
    try {
      if (folders.length) {
        const current = library.settings().folders;
        library.updateSettings({ folders: [...current, ...folders.map((folder) => resolve(folder))] });
      }
      const spinner =
        !options.json && !options.quiet && isInteractive(ctx) ? await startSpinner(ctx, colorEnabled(ctx, command, ctx.stderr)) : undefined;
      const summary = await library.scan({ onProgress: spinner?.update });
      spinner?.stop();
      if (options.json) return printJson(ctx.stdout, summary);
      if (options.quiet) return;
      for (const line of scanDetails(summary, Boolean(options.verbose))) ctx.stderr.write(`${line}\n`);
      ctx.stdout.write(`${summaryLine(summary)}\n`);
    } finally {
      library.close();
    }
  });
}

/** An ora spinner with counts and rate, only ever on a terminal. */
async function startSpinner(ctx: CliContext, color: boolean) {
  const { default: ora } = await import('ora');
  // Interactivity is decided once, by isInteractive(ctx); ora must not second-guess it from globals.
  const spinner = ora({ text: 'Scanning...', stream: ctx.stderr, isEnabled: true, color: color ? 'cyan' : false }).start();
  const started = performance.now();
  return {
    update(progress: ScanProgress) {
      const seconds = (performance.now() - started) / 1000;
      const rate = seconds > 0 ? (progress.read / seconds).toFixed(1) : '0';
      spinner.text = `Scanning: ${progress.read}/${progress.toRead} read, ${progress.failed} failed, ${rate}/s`;
    },
    // The final counts are drawn once even when the scan was quicker than a spinner frame.
    stop: () => spinner.render().stop(),
  };
}
