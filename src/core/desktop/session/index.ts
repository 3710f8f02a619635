// The desktop session a process runs in (docs/design.md#the-desktop-room): its setter and monitors,
// detected once; its light or dark scheme, read now or followed (loaded when first followed); and
// the sun's scheme at the library's location.
// May use: setters, monitors, tools.
export { openSession, type Session } from './session.js';
export { type Appearance, APPEARANCES, colorScheme, parseAppearance, type Scheme, schemeNow } from './appearance.js';
export { followSun, schemeOf, sunLocation, sunScheme, WALL_CLOCK_CHECK_MS } from './sun.js';

/** Follow the session's scheme (`watch --appearance auto`): its watcher loaded when first asked. */
export const followScheme: typeof import('./follow.js').followScheme = async (...args) =>
  (await import('./follow.js')).followScheme(...args);
