// `wallpaper database copy --to TARGET`: the whole index (analysis, palettes, fingerprints, marks,
// tags, history) into an empty PostgreSQL database or SQLite file, without decoding any image
// again; then `--database TARGET` (or `--home` for a SQLite file of the data home) uses it.
import { Command } from 'commander';
import { copyIndex } from '../core/index.js';
import { type CliContext, databaseOf, dirsOf } from './context.js';
import { FILE_VARIABLES, helpFooter } from './help.js';
import { printJson } from './output.js';

function copyCommand(ctx: CliContext): Command {
  const command = new Command('copy')
    .description('copy the whole index into an empty database (SQLite <-> PostgreSQL); no image is read again')
    .requiredOption('--to <target>', 'postgres://user:password@host/name, or a SQLite file: PATH or sqlite:PATH')
    .option('--json', 'print {"from", "to", "rows": {table: count}}');
  helpFooter(
    command,
    [
      'wallpaper database copy --to postgres://wallpaper:secret@db.example/wallpaper',
      'wallpaper --database postgres://wallpaper@db.example/wallpaper database copy --to sqlite:/backup/index.sqlite',
    ],
    FILE_VARIABLES,
  );
  return command.action((options: { to: string; json?: boolean }, cmd: Command) => {
    const report = copyIndex({ dirs: dirsOf(cmd, ctx), database: databaseOf(cmd) }, options.to);
    if (options.json) return printJson(ctx.stdout, report);
    const rows = Object.entries(report.rows)
      .filter(([table, n]) => n > 0 || table === 'wallpapers')
      .map(([table, n]) => `${n} ${table}`)
      .join(', ');
    ctx.stdout.write(`Copied ${rows} from ${report.from} to ${report.to}\n`);
  });
}

export function databaseCommand(ctx: CliContext): Command {
  const command = new Command('database').description('copy the index between SQLite and PostgreSQL');
  helpFooter(
    command,
    ['wallpaper database copy --to postgres://wallpaper@db.example/wallpaper', 'wallpaper database copy --to sqlite:/backup/index.sqlite'],
    FILE_VARIABLES,
  );
  return command.addCommand(copyCommand(ctx));
}
