// `wallpaper shortcuts install|remove|list` (CONTRACT.md 8.2): Super+Alt+Right `next`, Left `back`,
// Up `favorite current`, Down `hide current`, in the desktop's own custom-shortcut settings (GNOME,
// Cinnamon, MATE, Xfce); `install --print` writes the lines for sway, i3 and Hyprland and the steps
// for KDE Plasma instead. Each installed command runs this same bin with the library's --home or
// --database, so a shortcut acts on the library it was installed from.
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
    'keyboard shortcuts: Super+Alt+Right next, Super+Alt+Left back, Super+Alt+Up favorite current, Super+Alt+Down hide current',
  );

  const install = new Command('install')
    .description("install the shortcuts in the desktop's own settings (GNOME, Cinnamon, MATE, Xfce); a key already taken is left alone")
    .option('--print', 'write the lines for sway, i3 and Hyprland and the steps for KDE Plasma instead of installing');
  helpFooter(
    install,
    ['wallpaper shortcuts install', 'wallpaper --home ~/walls shortcuts install', 'wallpaper shortcuts install --print'],
    [...VARIABLES],
  );
  install.action(async (options: { print?: boolean }, cmd: Command) => {
    const shortcuts = openDesktop(ctx.env).shortcuts;
    if (options.print) {
      ctx.stdout.write(shortcuts.print(programOf(cmd, ctx)));
      return;
    }
    const report = await shortcuts.install(programOf(cmd, ctx));
    for (const entry of report.installed) ctx.stdout.write(`installed ${keyOf(entry)}: wallpaper ${actionOf(entry)}\n`);
    for (const { shortcut, by } of report.taken) {
      const free = by.free ? `; to free it: ${by.free}` : '';
      ctx.stdout.write(`left alone ${label(shortcut)} (${shortcut.action.join(' ')}): taken by ${by.holder}${free}\n`);
    }
    if (report.installed.length === 0) ctx.stdout.write(`Nothing installed: every key is taken on ${report.desktop}.\n`);
  });

  const remove = new Command('remove').description('remove the shortcuts this command installed, leaving the rest as it was');
  helpFooter(remove, ['wallpaper shortcuts remove', 'wallpaper --home ~/walls shortcuts remove'], [...VARIABLES]);
  remove.action(async () => {
    const { desktop, removed } = await openDesktop(ctx.env).shortcuts.remove();
    for (const entry of removed) ctx.stdout.write(`removed ${keyOf(entry)} (${actionOf(entry)})\n`);
    if (removed.length === 0) ctx.stdout.write(`No shortcuts of wallpaper to remove on ${desktop}.\n`);
  });

  const list = new Command('list').description('show the shortcuts installed').option('--json', 'print them as a JSON array');
  helpFooter(list, ['wallpaper shortcuts list', 'wallpaper shortcuts list --json'], [...VARIABLES]);
  list.action(async (options: { json?: boolean }) => {
    const { desktop, installed } = await openDesktop(ctx.env).shortcuts.list();
    if (options.json) {
      printJson(
        ctx.stdout,
        installed.map((entry) => ({ key: keyOf(entry), action: actionOf(entry), binding: entry.binding, command: entry.command })),
      );
      return;
    }
    for (const entry of installed) ctx.stdout.write(`${keyOf(entry)}\t${actionOf(entry)}\t${entry.command}\n`);
    if (installed.length === 0) ctx.stdout.write(`No shortcuts installed on ${desktop} (wallpaper shortcuts install).\n`);
  });

  helpFooter(command, ['wallpaper shortcuts install', 'wallpaper shortcuts list', 'wallpaper shortcuts install --print'], [...VARIABLES]);
  return command.addCommand(install).addCommand(remove).addCommand(list);
}

const label = (shortcut: { arrow: string }) => `Super+Alt+${shortcut.arrow}`;
const keyOf = (entry: { shortcut: { arrow: string } }) => label(entry.shortcut);
