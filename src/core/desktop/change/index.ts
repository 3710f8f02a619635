// The part that owns a change (docs/design.md#the-desktop-room): choose with the library's rules
// (filters, light and dark, one per monitor, never a recent one), place on the desktop and the lock
// screen, and record it once (record/). Also `back` and the following of dynamic wallpapers. The
// door loads it when a change is first asked for: a short command never does.
// May use: lock, monitors, place, record, screen, session, setters.
export { back } from './back.js';
export { chooseFor } from './set.js';
export { followDynamic } from './follow-dynamic.js';
export { setByIdOnTarget, setOnTarget } from './target.js';
