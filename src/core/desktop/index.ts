// The desktop facade: the one way the faces (random --set, watch, the scheduled change, POST
// /api/wallpapers/{id}/set, doctor) reach the desktop. openDesktop(env) detects the session once per
// process (setter, abilities; monitors on demand) and turns "these filters (or this id), these
// options" into picks on the screen (and on the lock screen: --target), reporting what was set per
// monitor and per slot.
// After every change it does what the `colors` and `on_change` settings ask (after-change.ts), and
// it is the faces' way to the colours room (`colors()`: docs/colors.md).
// Inside, the room is in parts with one job each, entered through their index.ts and described in
// docs/design.md#the-desktop-room: tools, setters, monitors, session, record (the one record of each
// change), screen, place, lock, pick, change, after, shortcuts and tray.
// May use: colors, common, dynamic, formats and sun.
import { openSession } from './session/index.js';
import { lockFiles, lockScreen, parseTarget, requireLock, type Target, TARGETS } from './lock/index.js';
import { followSun, schemeOf, sunLocation } from './session/index.js';
import { sunAt } from '../sun/index.js';
import { currentId, entriesOf, shownFiles } from './screen/index.js';
import { readOnScreen, setLastAppearance } from './record/index.js';
import { shownNow } from './screen/index.js';
import { followShown } from './record/index.js';
import type { Desktop, DesktopSet, ShownEntry } from './types.js';
import type { Session } from './session/index.js';
import { afterChange, reportAfterChangeLine, schemeFor, type ShownPlace } from './after/index.js';

export type { Desktop, DesktopOptions, DesktopSet } from './types.js';

const opened = new WeakMap<NodeJS.ProcessEnv, Desktop>();

const placesOfSet = (set: DesktopSet): ShownPlace[] =>
  set.entries.map(({ monitor, slot, picked }) => ({
    primary: monitor?.primary ?? false,
    everywhere: monitor === null,
    slot,
    id: picked.wallpaper.id,
    path: picked.path,
  }));

async function placesOfShown(session: Session, entries: readonly ShownEntry[]): Promise<ShownPlace[]> {
  const primary = (await session.monitors().catch(() => [])).find((monitor) => monitor.primary)?.name;
  return entries.map(({ monitor, slot, path, wallpaper }) => ({
    primary: monitor !== null && monitor === primary,
    everywhere: monitor === null,
    slot,
    id: wallpaper?.id ?? null,
    path,
  }));
}
/** How long `targets` trusts what it found (a screensaver installed while serve runs shows up). */
const TARGETS_TTL_MS = 30_000;

// What sets, goes back, follows or notifies is imported when first asked for: a short command
// (`current`, `list`, `config`) opens the desktop or the door that names it, and loading every part
// of the room at start cost it ~70 ES modules (the picking, the formats and dynamic rooms).
const setting = () => import('./change/index.js');

/** The desktop session `env` describes (serve's own, the CLI's), the same object for the same env. */
export function openDesktop(env: NodeJS.ProcessEnv): Desktop {
  let desktop = opened.get(env);
  if (!desktop) {
    const session = openSession(env);
    const targetCache = new Map<string, { at: number; targets: Promise<Target[]> }>();
    const report = (line: string) => reportAfterChangeLine(env, line);
    // The one place every change passes once it is on the screen and recorded: a change of the
    // desktop (not of the lock screen alone) runs what the settings ask after it.
    const changed = async <T>(
      library: Parameters<Desktop['back']>[0],
      target: Target | undefined,
      result: T,
      places: (result: T) => Promise<ShownPlace[]> | ShownPlace[],
    ) => {
      // The places are read (the monitors asked, for `back`) only when a setting asks for something.
      if (target !== 'lock') await afterChange(session, library, async () => places(result), report);
      return result;
    };
    desktop = {
      shortcuts: async () => (await import('./shortcuts/index.js')).openShortcuts(env),
      setter: (setCommand) => session.setter(setCommand),
      monitors: (override) => session.monitors(override),
      set: async (request) => {
        const set = await (await setting()).setOnTarget(session, request);
        return set && changed(request.library, request.options?.target, set, placesOfSet);
      },
      choose: async (request) => (await import('./pick/index.js')).chooseFor(session, request),
      setById: async (library, id, options) =>
        changed(library, options?.target, await (await setting()).setByIdOnTarget(session, library, id, options), placesOfSet),
      parseTarget,
      targets: (library) => {
        // GET /api/status asks on every poll: a lock screen is looked for (a tool run) once a while.
        const key = library.settings().set_command ?? '';
        const known = targetCache.get(key);
        if (known && Date.now() - known.at < TARGETS_TTL_MS) return known.targets;
        const targets = lockScreen(session, library).then((lock): Target[] => (lock ? [...TARGETS] : ['desktop']));
        targetCache.set(key, { at: Date.now(), targets });
        return targets;
      },
      checkTarget: async (library, target) => void (target === 'desktop' || (await requireLock(session, library, target))),
      scheme: async () => (await import('./session/index.js')).schemeNow(env),
      followScheme: async (onScheme) => (await import('./session/index.js')).followScheme(env, onScheme),
      sun: (library) => {
        const now = sunAt(new Date(), sunLocation(library.settings().location));
        return { scheme: schemeOf(now), next: now.next };
      },
      followSun: (library, onScheme) => followSun(sunLocation(library.settings().location), onScheme),
      followDynamic: (library, enqueue, onShown, onError) => {
        // Loaded in the queue's first turn; the follower looks at the screen as soon as it starts,
        // so a check() before then has nothing to add.
        let follower: { check(shownAt?: Date): void; stop(): void } | undefined;
        let stopped = false;
        enqueue(async () => {
          const { followDynamic } = await import('./change/index.js');
          if (!stopped) follower = followDynamic(session, library, enqueue, onShown, onError);
        });
        return {
          check: (shownAt) => follower?.check(shownAt),
          stop: () => {
            stopped = true;
            follower?.stop();
          },
        };
      },
      current: async (library, target) =>
        entriesOf(
          library,
          target === 'lock'
            ? await lockFiles(await requireLock(session, library, 'lock', true), library)
            : await shownFiles(session, library),
        ),
      currentId: (library, monitor) => currentId(session, library, monitor),
      back: async (library, target) =>
        changed(library, target, await (await import('./change/index.js')).back(session, library, target), (entries) =>
          placesOfShown(session, entries),
        ),
      colors: () => import('../colors/index.js'),
      colorMode: (library, brightness) => schemeFor(session, library, brightness),
      notify: async (entries) => (await import('./after/index.js')).notifyShown(env, entries),
      shownNow: (library) => shownNow(session, library),
      followShown: (library, onChange) => followShown(library.dirs.data, onChange),
      setLastAppearance: (library, appearance) => setLastAppearance(library.dirs.data, appearance),
      tray: async (library, hooks) => (await import('./tray/index.js')).runTray(env, library.dirs.data, hooks),
      trayHost: async () => (await import('./tray/index.js')).trayHostPresent(env),
      lastRequest: (library) => readOnScreen(library.dirs.data).last_request ?? undefined,
      lastChange: (library) => {
        const change = readOnScreen(library.dirs.data).changes.at(-1);
        return change && { at: change.at, shown: entriesOf(library, change.shown.length ? change.shown : (change.lock?.shown ?? [])) };
      },
    };
    opened.set(env, desktop);
  }
  return desktop;
}
export { reportAfterChanges } from './after/index.js';
export { SET_COMMAND_SETTER } from './setters/index.js';
export { describeSetter } from './setters/index.js';
export { trayHostAdvice } from './tray/index.js';
export type { Monitor } from './monitors/index.js';
export { parseAppearance } from './session/index.js';
export type { Scheme } from './session/index.js';
