// What a change of the wallpaper reports (docs/design.md#what-a-change-reports, docs/design.md#the-wallpaper-on-screen): `random --set`, `next`, `back` and
// `current` print the same lines (the path alone when one file is everywhere, else `NAME<TAB>PATH`
// per monitor or slot) or JSON; and the flags every command that changes the screen shares.
import { type Command, Option } from 'commander';
import { type DesktopOptions, type DesktopSet, openDesktop } from '../core/index.js';
import type { ShownEntry } from '../core/types.js';
import type { CliContext } from './context.js';
import { printJson } from './output.js';

/** What a set put on the screen, as `current` reports it. */
export const shownOf = (set: DesktopSet): ShownEntry[] =>
  set.entries.map(({ monitor, slot, picked }) => ({
    monitor: monitor?.name ?? null,
    slot,
    path: picked.path,
    wallpaper: picked.wallpaper,
  }));

/** The `--notify` flag of the commands that change the wallpaper. */
const NOTIFY_FLAG = [
  '--notify',
  'show a desktop notification with the title, size and source (no notification service: no word); the notify setting makes it the default',
] as const;
/** Its way out for one run when the notify setting is on. */
const NO_NOTIFY_FLAG = ['--no-notify', 'no notification this time, whatever the notify setting says'] as const;

/** Whether a change notifies: the flag given (--notify, --no-notify), else the settings key `notify`. */
export const notifies = (flag: boolean | undefined, library: { settings(): { notify: boolean } }): boolean =>
  flag ?? library.settings().notify;

/** `--target desktop|lock|both` (docs/design.md#the-wallpaper-on-screen): where a change goes (`description` replaces the
 * help's words after `prefix`). */
export function targetOption(ctx: CliContext, prefix = '', description?: string): Option {
  return new Option(
    '--target <where>',
    prefix + (description ?? 'where it goes: desktop (the default), lock (the lock screen: GNOME, KDE Plasma, MATE) or both'),
  ).argParser((text: string): NonNullable<DesktopOptions['target']> => openDesktop(ctx.env).parseTarget(text, '--target'));
}

/** The flags of every command that changes the screen (`random --set`, `next`, `back`, `hide
 * current`, `watch`, `schedule`), declared here once so they are the same everywhere
 * (docs/cli.md#flags-of-every-change): `--notify`, `--no-notify` and `--target`. `when` starts
 * each help line (`with --set: `); `target` replaces the words of `--target`'s. */
export function changeFlags(command: Command, ctx: CliContext, how: { when?: string; target?: string } = {}): Command {
  const when = how.when ?? '';
  return command
    .option(NOTIFY_FLAG[0], when + NOTIFY_FLAG[1])
    .option(NO_NOTIFY_FLAG[0], when + NO_NOTIFY_FLAG[1])
    .addOption(targetOption(ctx, when, how.target));
}

/** `--appearance auto` where no colour scheme answers (plain X11: no settings portal, no GNOME or
 * KDE setting): one stderr line saying light is used (docs/desktops.md#light-and-dark). */
export async function noteSchemeGuess(ctx: CliContext, appearance: unknown): Promise<void> {
  if (appearance !== 'auto' || (await openDesktop(ctx.env).scheme()).found) return;
  ctx.stderr.write('wallpaper: no colour scheme found (no settings portal, GNOME or KDE setting answered): light is used\n');
}

/** A file the library does not know is its path and a null id, in the record's place. */
const recordOf = (entry: ShownEntry) => entry.wallpaper ?? { id: null, path: entry.path };

/** The 7.5 lines of what is on the screen (`current`, `back`); `back` reports as `random --set` does.
 * `current` (`isCurrent`) prints one file on the screen as its path alone, whatever the desktop
 * names its one monitor (feh's `screen`), as `random --set` prints it there; its `--json` is always
 * the 7.5 array (docs/cli.md#wallpaper-current-back-and-next), even for one wallpaper everywhere. */
export function printShown(out: CliContext['stdout'], entries: readonly ShownEntry[], json?: boolean, isCurrent = false): void {
  const [only] = entries;
  const alone = entries.length === 1 && only && !only.slot && (isCurrent ? !json : !only.monitor);
  if (alone) {
    if (json) printJson(out, recordOf(only));
    else out.write(`${only.path}\n`);
    return;
  }
  if (json)
    printJson(
      out,
      entries.map((entry) => ({ monitor: entry.monitor, slot: entry.slot, wallpaper: recordOf(entry) })),
    );
  else for (const entry of entries) out.write(`${entry.monitor ?? entry.slot}\t${entry.path}\n`);
}

/** What was set (docs/design.md#what-a-change-reports): one wallpaper everywhere as its path (its Wallpaper object with
 * --json); else `NAME<TAB>PATH` per monitor or slot (`[{monitor, slot, wallpaper}]`). */
export function printSet(out: CliContext['stdout'], result: DesktopSet, json?: boolean): void {
  const [only] = result.entries;
  if (result.entries.length === 1 && only && !only.monitor && !only.slot) {
    if (json) printJson(out, only.picked.wallpaper);
    else out.write(`${only.picked.path}\n`);
    return;
  }
  if (json)
    printJson(
      out,
      result.entries.map(({ monitor, slot, picked }) => ({ monitor: monitor?.name ?? null, slot, wallpaper: picked.wallpaper })),
    );
  else for (const { monitor, slot, picked } of result.entries) out.write(`${monitor?.name ?? slot}\t${picked.path}\n`);
}
