// `wallpaper duplicates`: groups of near-duplicates (the same picture resized, re-encoded, converted,
// cropped a little or letterboxed), each with the member to keep; `--not ID ID...` marks wallpapers
// as not duplicates of each other for good; `--trash-others` moves every member but the one to keep
// to the trash in the data home (never deleted).
import { Command } from 'commander';
import type { Wallpaper } from '../core/types.js';
import { type CliContext, libraryOf } from './context.js';
import { FILE_VARIABLES, helpFooter } from './help.js';
import { formatBytes, formatTable, printJson } from './output.js';

export function duplicatesCommand(ctx: CliContext): Command {
  const command = new Command('duplicates')
    .description('list groups of near-duplicate wallpapers and the one to keep in each')
    .option('--json', 'print {"groups": [{"ids", "keep", "wallpapers"}]}, as GET /api/duplicates')
    .option('--not <ids...>', 'mark these wallpapers as not duplicates of each other')
    .option('--trash-others', 'move every member but the one to keep to the trash');
  helpFooter(
    command,
    ['wallpaper duplicates', 'wallpaper duplicates --not 3f2a9c0d1e4b5a67 8e3a48537ed4080b', 'wallpaper duplicates --trash-others'],
    FILE_VARIABLES,
  );
  return command.action(async (options: { json?: boolean; not?: string[]; trashOthers?: boolean }, cmd: Command) => {
    const library = libraryOf(cmd, ctx);
    try {
      if (options.not) {
        // Ids may be shortened to a unique prefix, as in favorite, hide and tag.
        library.markDistinct(options.not.map((given) => library.resolveWallpaper(given) ?? given));
        ctx.stdout.write(`Marked ${options.not.length} wallpapers as not duplicates of each other\n`);
        return;
      }
      const groups = library.duplicates();
      if (options.trashOthers) {
        let moved = 0;
        let bytes = 0;
        for (const group of groups) {
          for (const wallpaper of group.wallpapers.filter((w) => w.id !== group.keep)) {
            if (await library.remove(wallpaper.id)) {
              moved++;
              bytes += wallpaper.size_bytes;
              ctx.stdout.write(`trashed: ${wallpaper.path}\n`);
            }
          }
        }
        ctx.stdout.write(`Moved ${moved} wallpapers (${formatBytes(bytes)}) to the trash; kept one of each of ${groups.length} groups\n`);
        return;
      }
      if (options.json) return printJson(ctx.stdout, { groups });
      const row = (w: Wallpaper, keep: boolean) => [keep ? 'keep' : '', w.id, `${w.width}x${w.height}`, formatBytes(w.size_bytes), w.path];
      for (const group of groups) {
        const ordered = [...group.wallpapers].sort((a, b) => Number(b.id === group.keep) - Number(a.id === group.keep));
        ctx.stdout.write(`${formatTable(ordered.map((w) => row(w, w.id === group.keep)))}\n\n`);
      }
      const spare = groups.flatMap((g) => g.wallpapers.filter((w) => w.id !== g.keep));
      ctx.stdout.write(
        groups.length
          ? `${groups.length} groups; ${spare.length} wallpapers (${formatBytes(spare.reduce((n, w) => n + w.size_bytes, 0))}) could go\n`
          : 'No near-duplicates\n',
      );
    } finally {
      library.close();
    }
  });
}
