// `wallpaper favorite`, `wallpaper hide` and `wallpaper tag`: marks and user tags of one wallpaper,
// named by its id or the path of one of its files. They are kept by id, so they survive rescans,
// moves and renames. `wallpaper tag` alone lists every tag with its count.
import { Command } from 'commander';
import { type DesktopOptions, openDesktop, WallpaperError } from '../core/index.js';
import type { Library, Mark } from '../core/types.js';
import { type CliContext, libraryOf } from './context.js';
import { FILE_VARIABLES, helpFooter } from './help.js';
import { setNext } from './on-screen.js';
import { formatTable, printJson } from './output.js';
import { changeFlags } from './set-report.js';

/** Open the library, run `work` on the wallpaper `target` names, close. */
async function withWallpaper<T>(cmd: Command, ctx: CliContext, target: string, work: (library: Library, id: string) => T): Promise<T> {
  const library = libraryOf(cmd, ctx);
  try {
    const id = library.resolveWallpaper(target);
    if (!id) throw new WallpaperError('not_found', `no wallpaper with id or indexed file ${JSON.stringify(target)}`);
    return work(library, id);
  } finally {
    library.close();
  }
}

interface MarkOptions {
  off?: boolean;
  monitor?: string;
  notify?: boolean;
  target?: DesktopOptions['target'];
}

function markCommand(ctx: CliContext, name: 'favorite' | 'hide', mark: Mark, description: string): Command {
  const command = new Command(name)
    .description(description)
    .argument(
      '<wallpaper>',
      'an id (or a unique prefix of 4+ hex characters), the path of an indexed file, or `current` (the one on the screen)',
    )
    .option('--off', mark === 'favorite' ? 'no longer a favourite' : 'show it again')
    .option('--monitor <name>', 'with `current`: the wallpaper on this monitor (default: the primary)');
  // `hide current` puts the next one on the screen: it takes the flags of every change.
  if (mark === 'hidden') changeFlags(command, ctx, { when: 'with `current`: ' });
  helpFooter(
    command,
    mark === 'favorite'
      ? [
          'wallpaper favorite 3f2a9c0d1e4b5a67',
          'wallpaper favorite ~/Pictures/Wallpapers/dunes.jpg --off',
          'wallpaper random --favorites --set',
        ]
      : ['wallpaper hide 3f2a9c0d1e4b5a67', 'wallpaper list --hidden true', 'wallpaper hide 3f2a9c0d1e4b5a67 --off'],
    FILE_VARIABLES,
  );
  return command.action(async (target: string, options: MarkOptions, cmd: Command) => {
    if (options.monitor !== undefined && target !== 'current')
      throw new WallpaperError('invalid_param', 'invalid --monitor: it applies to `current` only');
    for (const [flag, given] of [
      [options.notify === false ? '--no-notify' : '--notify', options.notify],
      ['--target', options.target],
    ] as const)
      if (given !== undefined && (target !== 'current' || options.off))
        throw new WallpaperError('invalid_param', `invalid ${flag}: it applies to \`hide current\` only (the change it makes)`);
    if (target === 'current') return markCurrent(cmd, ctx, mark, options);
    return withWallpaper(cmd, ctx, target, (library, id) => {
      const wallpaper = library.setMark(id, mark, !options.off);
      const state = mark === 'favorite' ? (options.off ? 'not a favourite' : 'favourite') : options.off ? 'shown' : 'hidden';
      ctx.stdout.write(`${state}: ${id} ${wallpaper?.path ?? ''}\n`);
    });
  });
}

/** `favorite current` / `hide current`: the wallpaper on the screen; hiding it also puts the next one
 * on the monitors that showed it, the way `next` would (docs/design.md#the-wallpaper-on-screen). */
async function markCurrent(cmd: Command, ctx: CliContext, mark: Mark, options: MarkOptions): Promise<void> {
  const library = libraryOf(cmd, ctx);
  let shownOn: string[];
  try {
    const { id, monitors } = await openDesktop(ctx.env).currentId(library, options.monitor);
    const wallpaper = library.setMark(id, mark, !options.off);
    const state = mark === 'favorite' ? (options.off ? 'not a favourite' : 'favourite') : options.off ? 'shown' : 'hidden';
    ctx.stdout.write(`${state}: ${id} ${wallpaper?.path ?? ''}\n`);
    shownOn = monitors;
  } finally {
    library.close();
  }
  if (mark === 'hidden' && !options.off) await setNext(cmd, ctx, { only: shownOn, notify: options.notify, target: options.target });
}

function tagCommand(ctx: CliContext): Command {
  const command = new Command('tag')
    .description('add (+name or name) and remove (-name) user tags of a wallpaper; alone, list every tag')
    .argument('[wallpaper]', 'an id (or a unique prefix of 4+ hex characters), or the path of an indexed file')
    .argument('[changes...]', '+name adds, -name removes (a bare name adds)')
    .option('--json', 'print the wallpaper (or the tag list) as JSON')
    .allowUnknownOption(); // `-old` is a tag to remove, not an option
  helpFooter(
    command,
    ['wallpaper tag 3f2a9c0d1e4b5a67 +space -old', 'wallpaper tag ~/Pictures/dunes.jpg desert', 'wallpaper tag'],
    FILE_VARIABLES,
  );
  return command.action(async (target: string | undefined, changes: string[], options: { json?: boolean }, cmd: Command) => {
    // Words commander took for unknown options are removal requests too.
    const words = [...changes, ...cmd.args.slice(target === undefined ? 0 : 1).filter((word) => !changes.includes(word))];
    if (target === undefined) {
      const library = libraryOf(cmd, ctx);
      try {
        const tags = library.tags();
        if (options.json) printJson(ctx.stdout, { tags });
        else if (tags.length) ctx.stdout.write(`${formatTable([['TAG', 'WALLPAPERS'], ...tags.map((t) => [t.name, String(t.count)])])}\n`);
      } finally {
        library.close();
      }
      return;
    }
    const add = words.filter((word) => !word.startsWith('-')).map((word) => word.replace(/^\+/, ''));
    const remove = words.filter((word) => word.startsWith('-')).map((word) => word.slice(1));
    await withWallpaper(cmd, ctx, target, (library, id) => {
      const wallpaper = library.editTags(id, add, remove)!;
      if (options.json) printJson(ctx.stdout, wallpaper);
      else ctx.stdout.write(`${id}: ${wallpaper.tags.join(', ') || '(no tags)'}\n`);
    });
  });
}

export const favoriteCommand = (ctx: CliContext) =>
  markCommand(ctx, 'favorite', 'favorite', 'mark a wallpaper as a favourite (--off to clear)');
export const hideCommand = (ctx: CliContext) =>
  markCommand(ctx, 'hide', 'hidden', 'leave a wallpaper out of lists and random picks (--off to show it again)');
export { tagCommand };
