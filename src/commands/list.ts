// `wallpaper list [FILTERS]`: one page of matching wallpapers from the local index or a server; no
// match is exit 1 with the reason on stderr (an empty library: how to add a folder).
import { Command } from 'commander';
import { openRemote, parseListOrder, parsePaging, WallpaperError } from '../core/index.js';
import { type CliContext, emptyLibraryHint, isInteractive, libraryOf } from './context.js';
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
    const source = server ? await openRemote(server) : libraryOf(cmd, ctx, true);
    try {
      const list = await source.list(filters, paging, order);
      if (options.json) printJson(ctx.stdout, list);
      else printList(ctx.stdout, list, isInteractive(ctx) || Boolean(ctx.stdout.isTTY));
      // No match is exit 1 with the reason on stderr, after the (empty) answer: docs/cli.md#wallpaper-list.
      if (list.pagination.total > 0) return;
      if (!('close' in source)) throw new WallpaperError('not_found', 'no wallpaper on the server matches the filters');
      if (source.status().total === 0) throw new WallpaperError('not_found', emptyLibraryHint(cmd, ctx));
      // Why nothing matched: the filters, the library size, a jpg/jpeg mix-up.
      throw new WallpaperError(
        'not_found',
        noMatchMessage(filters, (f) => source.list(f, { page: 1, limit: 1 }).pagination.total),
      );
    } finally {
      if ('close' in source) source.close();
    }
  });
}
