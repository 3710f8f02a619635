// `wallpaper export [FILE]`: the user's own data (settings, favourites, hidden marks, user tags, "not
// duplicates" marks, the history of wallpapers set) as JSON, to FILE or to stdout. The file is
// written whole or not at all (a temporary file renamed into place).
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { Command } from 'commander';
import { WallpaperError, oneLine } from '../core/index.js';
import { type CliContext, libraryOf } from './context.js';
import { FILE_VARIABLES, helpFooter } from './help.js';
import { printJson } from './output.js';

export function exportCommand(ctx: CliContext): Command {
  const command = new Command('export')
    .description('write your settings, favourites, hidden marks, tags, "not duplicates" marks and history as JSON')
    .argument('[file]', 'where to write it (default: stdout)');
  helpFooter(
    command,
    ['wallpaper export ~/wallpaper-data.json', 'wallpaper export | ssh other-host wallpaper import /dev/stdin'],
    FILE_VARIABLES,
  );
  return command.action((file: string | undefined, _options: unknown, cmd: Command) => {
    const library = libraryOf(cmd, ctx);
    let data: unknown;
    try {
      data = library.exportData();
    } finally {
      library.close();
    }
    if (file === undefined) return printJson(ctx.stdout, data);
    const temp = `${file}.${process.pid}.tmp`;
    try {
      writeFileSync(temp, `${JSON.stringify(data, null, 2)}\n`);
      renameSync(temp, file);
    } catch (error) {
      rmSync(temp, { force: true });
      throw new WallpaperError('io_failed', `cannot write ${file}: ${oneLine(error)}`, { cause: error });
    }
  });
}
