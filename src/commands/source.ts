// `wallpaper source add|list|remove` (docs/design.md#sources): the sources fetch brings wallpapers from,
// kept in the settings key `sources`. A key is never printed: list shows "***".
import { Command, InvalidArgumentError } from 'commander';
import { DEFAULT_KEEP, SOURCE_KINDS, WallpaperError } from '../core/index.js';
import { type CliContext, libraryOf } from './context.js';
import { FILE_VARIABLES, helpFooter } from './help.js';
import { formatTable, printJson } from './output.js';

interface AddOptions {
  name?: string;
  query?: string;
  keep?: number;
  key?: string;
  url?: string;
  imagePath?: string;
  nsfw?: boolean;
}

const wholeNumber = (value: string): number => {
  if (!/^\d+$/.test(value) || Number(value) < 1) throw new InvalidArgumentError('expected a whole number, 1 or more');
  return Number(value);
};

export function sourceCommand(ctx: CliContext): Command {
  const source = new Command('source').description('add, list or remove the sources `fetch` brings wallpapers from');
  helpFooter(source, ['wallpaper source add wallhaven --query mountains', 'wallpaper source list', 'wallpaper fetch'], FILE_VARIABLES);
  const add = source
    .command('add')
    .description(`add a source: ${SOURCE_KINDS.join(', ')}`)
    .argument('<kind>', SOURCE_KINDS.join(' | '))
    .option('--name <name>', 'its name (default: the kind, then kind-2, ...)')
    .option('--query <words>', 'search words (reddit: the subreddit)')
    .option('--keep <n>', `keep at most N of its wallpapers, oldest out first, favourites never (default ${DEFAULT_KEEP})`, wholeNumber)
    .option('--key <key>', 'the service API key (Wallhaven, Unsplash, NASA)')
    .option('--url <url>', "the feed, the JSON API, another serve's base URL, or a mirror of the service's API")
    .option('--image-path <path>', 'json: the dotted path to the image URL in the answer (data.0.url)')
    .option('--nsfw', 'also fetch what the service marks adult');
  helpFooter(
    add,
    [
      'wallpaper source add unsplash --key YOUR_ACCESS_KEY --query nature',
      'wallpaper source add reddit --query EarthPorn --keep 100',
      'wallpaper source add json --url https://example.org/api --image-path data.0.url',
    ],
    FILE_VARIABLES,
  );
  add.action((kind: string, options: AddOptions, cmd: Command) => {
    const library = libraryOf(cmd, ctx);
    try {
      const { imagePath, ...rest } = options;
      const added = library.addSource({ kind, ...rest, image_path: imagePath, nsfw: options.nsfw === true });
      ctx.stdout.write(`Added source ${added.name} (${added.kind}): files go to ${library.dirs.data}/sources/${added.name}/\n`);
    } finally {
      library.close();
    }
  });

  const list = source
    .command('list')
    .description('list the sources with their counts and last fetch')
    .option('--json', 'print {"sources": [...]}, as GET /api/sources');
  helpFooter(list, ['wallpaper source list', 'wallpaper source list --json'], FILE_VARIABLES);
  list.action((options: { json?: boolean }, cmd: Command) => {
    const library = libraryOf(cmd, ctx);
    try {
      const sources = library.listSources();
      if (options.json) return printJson(ctx.stdout, { sources });
      if (sources.length === 0) return void ctx.stdout.write('No sources: add one with `wallpaper source add KIND`\n');
      const rows = sources.map((s) => [
        s.name,
        s.kind,
        s.query ?? '',
        `${s.count}/${s.keep}`,
        s.last_fetch ?? 'never fetched',
        s.key === null ? '' : `key ${s.key}`,
        s.last_error ? `error: ${s.last_error}` : '',
      ]);
      ctx.stdout.write(`${formatTable(rows)}\n`);
    } finally {
      library.close();
    }
  });

  const remove = source
    .command('remove')
    .description('remove a source (its wallpapers stay unless --delete-files)')
    .argument('<name>', 'the source')
    .option('--delete-files', 'move its wallpapers to the trash too');
  helpFooter(remove, ['wallpaper source remove reddit', 'wallpaper source remove wallhaven --delete-files'], FILE_VARIABLES);
  remove.action(async (name: string, options: { deleteFiles?: boolean }, cmd: Command) => {
    const library = libraryOf(cmd, ctx);
    try {
      if (!(await library.removeSource(name, { deleteFiles: options.deleteFiles === true }))) {
        throw new WallpaperError('not_found', `no source named ${JSON.stringify(name)}`);
      }
      ctx.stdout.write(`Removed source ${name}${options.deleteFiles ? ' and moved its wallpapers to the trash' : ''}\n`);
    } finally {
      library.close();
    }
  });
  return source;
}
