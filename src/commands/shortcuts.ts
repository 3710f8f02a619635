// `wallpaper shortcuts install|remove|list` (docs/cli.md#wallpaper-shortcuts): the arrows with one
// set of modifiers, Right `next`, Left `back`, Up `favorite current`, Down `hide current`, in the
// desktop's own custom-shortcut settings (GNOME, Cinnamon, MATE, Xfce), on the first key set the
// desktop leaves free (Super+Alt first) or the --keys chord; `install --print` writes the lines for
// sway, i3 and Hyprland and the steps for KDE Plasma instead. Each installed command runs this same
// bin with the library's --home or --database, so a shortcut acts on the library it was installed from.
import { fileURLToPath } from 'node:url';
import { Command } from 'commander';
import { openDesktop } from '../core/index.js';
import { type CliContext, databaseOf, dirsOf } from './context.js';
import { FILE_VARIABLES, helpFooter } from './help.js';
import { printJson } from './output.js';

/** This package's bin: two levels up from dist/commands/ (and src/commands/). */
const BIN = fileURLToPath(new URL('../../bin/wallpaper.js', import.meta.url));
const VARIABLES = [...FILE_VARIABLES, 'XDG_CURRENT_DESKTOP', 'DBUS_SESSION_BUS_ADDRESS'] as const;

/** The command line a shortcut runs before its action: node, this bin, and the library's folder or
 * database when one was given (a flag or its variable), which the desktop's session may not have. */
function programOf(cmd: Command, ctx: CliContext): string[] {
  const { home } = cmd.optsWithGlobals<{ home?: string }>();
  const database = databaseOf(cmd);
  return [process.execPath, BIN, ...(home ? ['--home', dirsOf(cmd, ctx).data] : []), ...(database ? ['--database', database] : [])];
}

const actionOf = (entry: { shortcut: { action: readonly string[] } }) => entry.shortcut.action.join(' ');

export function shortcutsCommand(ctx: CliContext): Command {
  const command = new Command('shortcuts').description(
    'keyboard shortcuts: the arrows with Super+Alt (or the first set the desktop leaves free): Right next, Left back, Up favorite current, Down hide current',
  );

  const install = new Command('install')
    .description(
      "install the shortcuts in the desktop's own settings (GNOME, Cinnamon, MATE, Xfce) on the first key set it leaves free; a key already taken is left alone",
    )
    .option('--keys <chord>', 'the modifiers to hold with the arrows, joined by + (Super, Ctrl, Alt, Shift), instead of the first free set')
    .option('--print', 'write the lines for sway, i3 and Hyprland and the steps for KDE Plasma instead of installing');
  helpFooter(
    install,
    ['wallpaper shortcuts install', 'wallpaper shortcuts install --keys Super+Ctrl+Alt', 'wallpaper shortcuts install --print'],
    [...VARIABLES],
  );
  install.action(async (options: { print?: boolean; keys?: string }, cmd: Command) => {
    const shortcuts = await openDesktop(ctx.env).shortcuts();
    if (options.print) {
      ctx.stdout.write(shortcuts.print(programOf(cmd, ctx), options.keys));
      return;
    }
    const report = await shortcuts.install(programOf(cmd, ctx), options.keys);
    ctx.stdout.write(`${chosen(report)}\n`);
    for (const entry of report.installed) ctx.stdout.write(`installed ${entry.key}: wallpaper ${actionOf(entry)}\n`);
    for (const { shortcut, by } of report.taken) {
      const free = by.free ? `; to free it: ${by.free}` : '';
      ctx.stdout.write(`left alone ${chord(report.keys)}+${shortcut.arrow} (${shortcut.action.join(' ')}): taken by ${by.holder}${free}\n`);
    }
    if (report.installed.length === 0) ctx.stdout.write(`Nothing installed: every key is taken on ${report.desktop}.\n`);
  });

  const remove = new Command('remove').description('remove the shortcuts this command installed, leaving the rest as it was');
  helpFooter(remove, ['wallpaper shortcuts remove', 'wallpaper --home ~/walls shortcuts remove'], [...VARIABLES]);
  remove.action(async () => {
    const { desktop, removed } = await (await openDesktop(ctx.env).shortcuts()).remove();
    for (const entry of removed) ctx.stdout.write(`removed ${entry.key} (${actionOf(entry)})\n`);
    if (removed.length === 0) ctx.stdout.write(`No shortcuts of wallpaper to remove on ${desktop}.\n`);
  });

  const list = new Command('list').description('show the shortcuts installed').option('--json', 'print them as a JSON array');
  helpFooter(list, ['wallpaper shortcuts list', 'wallpaper shortcuts list --json'], [...VARIABLES]);
  list.action(async (options: { json?: boolean }) => {
    const { desktop, installed } = await (await openDesktop(ctx.env).shortcuts()).list();
    if (options.json) {
      printJson(
        ctx.stdout,
        installed.map((entry) => ({ key: entry.key, action: actionOf(entry), binding: entry.binding, command: entry.command })),
      );
      return;
    }
    for (const entry of installed) ctx.stdout.write(`${entry.key}\t${actionOf(entry)}\t${entry.command}\n`);
    if (installed.length === 0) ctx.stdout.write(`No shortcuts installed on ${desktop} (wallpaper shortcuts install).\n`);
  });

  helpFooter(command, ['wallpaper shortcuts install', 'wallpaper shortcuts list', 'wallpaper shortcuts install --print'], [...VARIABLES]);
  return command.addCommand(install).addCommand(remove).addCommand(list);
}

const chord = (keys: readonly string[]) => keys.join('+');
type Shortcuts = Awaited<ReturnType<ReturnType<typeof openDesktop>['shortcuts']>>;
type InstallReport = Awaited<ReturnType<Shortcuts['install']>>;

/** Which key set install used, and why (docs/desktops.md#keyboard-shortcuts). */
function chosen(report: InstallReport): string {
  const set = `${chord(report.keys)}+arrows`;
  if (report.choice === 'asked') return `Keys: ${set} (--keys)`;
  if (report.choice === 'fewest_taken') {
    return `Keys: ${set}, the set with the fewest keys taken: ${report.desktop} leaves no set free (--keys picks another)`;
  }
  const passed = report.passed.map(({ keys, taken }) => `${chord(keys)}+arrows has ${taken} of 4 taken`).join(', ');
  return `Keys: ${set}, the first set ${report.desktop} leaves free${passed ? ` (${passed})` : ''}`;
}
