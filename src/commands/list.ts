// `wallpaper list [FILTERS]`: one page of matching wallpapers from the local index or a server.
import { Command } from 'commander';
import { openRemote, parseListOrder, parsePaging } from '../core/index.js';
import { type CliContext, isInteractive, libraryOf } from './context.js';
import { FILE_VARIABLES, helpFooter } from './help.js';
import { serverOption } from './options.js';
import { addFilterFlags, inFlagTerms, parseFilterFlags } from './filter-flags.js';
import { noMatchMessage, printJson, printList } from './output.js';

interface ListOptions extends Record<string, unknown> {
  sort?: string;
  seed?: string;
  page?: string;
  limit?: string;
  json?: boolean;
  server?: string;
}

export function listCommand(ctx: CliContext): Command {
  const command = new Command('list')
    .description('list wallpapers matching the filters, newest first')
    .option('--page <n>', 'page number, from 1', '1')
    .option('--limit <n>', 'wallpapers per page, 1 to 200', '50')
    .option(
      '--sort <order>',
      'added (newest first, the default), name, luminance, -luminance, pixels, color (closest to --color first) or random (with --seed)',
    )
    .option('--seed <word>', 'the order of --sort random: the same seed gives the same pages')
    .option('--json', 'print the exact HTTP list response')
    .addOption(serverOption());
  helpFooter(
    command,
    [
      'wallpaper list --brightness dark --min-width 3840 --json | jq -r ".wallpapers[].path"',
      'wallpaper list --tag nature --color 1e3a5f --sort color',
      'wallpaper list --server http://nas:8519 --favorites --search mountain',
    ],
    [...FILE_VARIABLES, 'WALLPAPER_SERVER'],
  );
  return addFilterFlags(command).action(async (options: ListOptions, cmd: Command) => {
    const filters = parseFilterFlags(options);
    const paging = inFlagTerms(() => parsePaging({ page: options.page, limit: options.limit }));
    const order = inFlagTerms(() => parseListOrder({ sort: options.sort, seed: options.seed }));
    const server = options.server;
    const source = server ? await openRemote(server) : libraryOf(cmd, ctx);
    try {
      const list = await source.list(filters, paging, order);
      if (options.json) return printJson(ctx.stdout, list);
      printList(ctx.stdout, list, isInteractive(ctx) || Boolean(ctx.stdout.isTTY));
      if (list.pagination.total === 0 && !server && 'close' in source) {
        // Why nothing matched, on stderr: the filters, the library size, a jpg/jpeg mix-up.
        ctx.stderr.write(`${noMatchMessage(filters, (f) => source.list(f, { page: 1, limit: 1 }).pagination.total)}\n`);
      }
    } finally {
      if ('close' in source) source.close();
    }
  });
}
