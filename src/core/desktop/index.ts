// The desktop facade: the one way the faces (random --set, watch, the scheduled change, POST
// /api/wallpapers/{id}/set, doctor) reach the desktop. openDesktop(env) detects the session once per
// process (setter, abilities; monitors on demand) and turns "these filters (or this id), these
// options" into picks on the screen (and on the lock screen: --target), reporting what was set per
// monitor and per slot.
// May use: common, dynamic, formats and sun (setters/ and monitors/ inside it run the desktop's own tools).
import { openSession } from './session.js';
import { lockFiles, lockScreen, parseTarget, requireLock, type Target, TARGETS } from './lock-screen.js';
import { followSun, schemeOf, sunLocation } from './sun.js';
import { sunAt } from '../sun/index.js';
import { currentId, entriesOf, shownFiles } from './current.js';
import { openShortcuts } from './shortcuts/index.js';
import { readOnScreen } from './on-screen.js';
import type { Desktop } from './types.js';

export type { Desktop, DesktopOptions, DesktopRequest, DesktopSet, SetEntry, ShownEntry, Slot } from './types.js';

const opened = new WeakMap<NodeJS.ProcessEnv, Desktop>();
/** How long `targets` trusts what it found (a screensaver installed while serve runs shows up). */
const TARGETS_TTL_MS = 30_000;

// What sets, goes back, follows or notifies is imported when first asked for: a short command
// (`current`, `list`, `config`) opens the desktop or the door that names it, and loading every part
// of the room at start cost it ~70 ES modules (the picking, the formats and dynamic rooms; issue 31).
const setting = () => import('./target.js');

/** The desktop session `env` describes (serve's own, the CLI's), the same object for the same env. */
export function openDesktop(env: NodeJS.ProcessEnv): Desktop {
  let desktop = opened.get(env);
  if (!desktop) {
    const session = openSession(env);
    const targetCache = new Map<string, { at: number; targets: Promise<Target[]> }>();
    desktop = {
      shortcuts: openShortcuts(env),
      setter: (setCommand) => session.setter(setCommand),
      monitors: (override) => session.monitors(override),
      set: async (request) => (await setting()).setOnTarget(session, request),
      choose: async (request) => (await import('./set.js')).chooseFor(session, request),
      setById: async (library, id, options) => (await setting()).setByIdOnTarget(session, library, id, options),
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
      followScheme: async (onScheme) => (await import('./follow.js')).followScheme(env, onScheme),
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
          const { followDynamic } = await import('./follow-dynamic.js');
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
      back: async (library, target) => (await import('./back.js')).back(session, library, target),
      notify: async (entries) => (await import('./notify.js')).notifyShown(env, entries),
      lastRequest: (library) => readOnScreen(library.dirs.data).last_request ?? undefined,
    };
    opened.set(env, desktop);
  }
  return desktop;
}
export { SET_COMMAND_SETTER } from './setters/custom.js';
export { describeSetter } from './setters/index.js';
export type { Monitor } from './monitors/index.js';
export { parseAppearance } from './appearance.js';
export type { Appearance, Scheme } from './appearance.js';
export type { InstallReport, Installed, Shortcuts } from './shortcuts/index.js';
