// `wallpaper list [FILTERS]`: one page of matching wallpapers from the local index or a server.
import { Command } from 'commander';
import { parseFilters, parsePaging } from '../core/filters.js';
import { type CliContext, isInteractive, libraryOf, remoteLibrary } from './context.js';
import { addFilterFlags, filterParams } from './filter-flags.js';
import { printJson, printList } from './output.js';

interface ListOptions extends Record<string, unknown> {
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
    .option('--json', 'print the exact HTTP list response')
    .option('--server <url>', 'ask a running `wallpaper serve` instead of the local index (or WALLPAPER_SERVER)');
  return addFilterFlags(command).action(async (options: ListOptions, cmd: Command) => {
    const filters = parseFilters(filterParams(options));
    const paging = parsePaging({ page: options.page, limit: options.limit });
    const server = options.server ?? ctx.env.WALLPAPER_SERVER;
    let list;
    if (server) list = await (await remoteLibrary(server)).list(filters, paging);
    else {
      const library = libraryOf(cmd, ctx);
      try {
        list = library.list(filters, paging);
      } finally {
        library.close();
      }
    }
    if (options.json) printJson(ctx.stdout, list);
    else printList(ctx.stdout, list, isInteractive(ctx) || Boolean(ctx.stdout.isTTY));
  });
}
