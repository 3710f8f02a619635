// `wallpaper tray` (docs/desktops.md#the-tray): a StatusNotifierItem on the session bus with the
// wallpaper on screen as its icon and the on-screen actions in its menu. This part of the desktop
// room only speaks D-Bus and keeps the item current; what is on screen, and what a click does, come
// from `hooks` (the command wires them to the same functions as the CLI's `next`, `back`, ...).
// One tray per library (lock.ts); no tray host: refused with what to install (host.ts).
// May use: nothing of the room (it speaks D-Bus; the command gives it the hooks).
// The D-Bus and picture code (host, icon, item, menu) loads when a tray or `doctor` asks for it:
// the room's door re-exports trayHostAdvice from here, and every command loads the door
// (docs/design.md#how-the-program-is-built-and-started).
import { lockTray } from './lock.js';
import { trayHostAdvice } from './advice.js';
import type { Pixmap } from './icon.js';
import { menuItems, type MenuAction, type MenuState } from './menu-model.js';
import { WallpaperError } from '../../errors.js';

export { trayHostAdvice } from './advice.js';
export type { AppearanceChoice, EveryChoice, MenuAction, MenuState, TargetChoice } from './menu-model.js';
export { APPEARANCE_CHOICES, EVERY_CHOICES, TARGET_CHOICES } from './menu-model.js';

/** What the tray shows: the menu's state, the tooltip, and the picture for the icon. */
export interface TrayLook {
  state: MenuState;
  tooltip: string;
  /** A small picture of the wallpaper (its thumbnail), or undefined. */
  picture: string | undefined;
}

export interface TrayHooks {
  /** Read what is on screen now. */
  look(): Promise<TrayLook>;
  /** Run a click (never `quit`: the tray ends itself). */
  act(action: Exclude<MenuAction, { kind: 'quit' }>): Promise<void>;
  /** Call `onChange` after each change recorded by any process; returns the stop. */
  follow(onChange: () => void): () => void;
  /** A failed action or refresh, said once (the tray stays). */
  onError(error: unknown): void;
}

/** Whether a tray host (StatusNotifierWatcher) is on the session bus `env` names (`doctor`). */
export async function trayHostPresent(env: NodeJS.ProcessEnv): Promise<boolean> {
  const { hasWatcher, sessionBusOf } = await import('./host.js');
  const bus = sessionBusOf(env);
  try {
    return await hasWatcher(bus);
  } finally {
    bus.disconnect();
  }
}

/** Run the tray until Quit, SIGINT or SIGTERM; `lockDir` holds the one-per-library lock. */
export async function runTray(env: NodeJS.ProcessEnv, lockDir: string, hooks: TrayHooks): Promise<void> {
  const [{ hasWatcher, keepRegistered, sessionBusOf }, { pixmapsOf }, { MENU_PATH, StatusNotifierItem }, { DbusMenu }] = await Promise.all([
    import('./host.js'),
    import('./icon.js'),
    import('./item.js'),
    import('./menu.js'),
  ]);
  const bus = sessionBusOf(env);
  const release = await (async () => {
    try {
      if (!(await hasWatcher(bus)))
        throw new WallpaperError('unavailable', `no tray host (StatusNotifierWatcher) on the session bus: ${trayHostAdvice(env)}`);
      return lockTray(lockDir);
    } catch (error) {
      bus.disconnect();
      throw error;
    }
  })();
  let quit: () => void = () => undefined;
  const ended = new Promise<void>((resolve) => (quit = resolve));
  let queue = Promise.resolve();
  const enqueue = (work: () => Promise<void>) => {
    queue = queue.then(work).catch(hooks.onError);
  };

  let state: MenuState | undefined;
  let picture: string | undefined;
  let pixmaps: Pixmap[] = [];
  // After a click the tray reads back at once: a favourite changes no record of the screen.
  const act = (action: Exclude<MenuAction, { kind: 'quit' }>) =>
    enqueue(async () => {
      try {
        await hooks.act(action);
      } finally {
        await refresh();
      }
    });
  const item = new StatusNotifierItem((what) => act({ kind: what }));
  const menu = new DbusMenu(
    () => (state ? menuItems(state) : []),
    async () => void (await refresh()),
    (action) => (action.kind === 'quit' ? quit() : act(action)),
  );
  const refresh = async (): Promise<void> => {
    const look = await hooks.look();
    if (look.picture !== picture || pixmaps.length === 0) pixmaps = await pixmapsOf(look.picture);
    picture = look.picture;
    const menuChanged = JSON.stringify(look.state) !== JSON.stringify(state);
    state = look.state;
    const shown = { pixmaps, title: look.state.title, description: look.tooltip };
    if (
      JSON.stringify([shown.title, shown.description, picture]) !== JSON.stringify([item.look.title, item.look.description, itemPicture])
    ) {
      itemPicture = picture;
      item.show(shown);
    }
    if (menuChanged) menu.changed();
  };
  let itemPicture: string | undefined;
  await refresh().catch(hooks.onError);

  const name = `org.kde.StatusNotifierItem-${process.pid}-1`;
  const stops: (() => void)[] = [];
  try {
    await bus.requestName(name, 0);
    bus.export('/StatusNotifierItem', item);
    bus.export(MENU_PATH, menu);
    stops.push(await keepRegistered(bus, name, hooks.onError));
    stops.push(hooks.follow(() => enqueue(refresh)));
    const onSignal = () => quit();
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
    stops.push(() => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    });
    await ended;
    await queue;
  } finally {
    for (const stop of stops) stop();
    bus.disconnect();
    release();
  }
}
