// The part that owns a change (docs/design.md#the-desktop-room): what `pick` chooses, placed on the
// desktop and the lock screen, and recorded once (record/). Also `back` and the following of
// dynamic wallpapers. The door loads it when a change is first asked for: a short command never does.
// May use: lock, monitors, pick, place, record, screen, session, setters.
export { back } from './back.js';
export { followDynamic } from './follow-dynamic.js';
export { setByIdOnTarget, setOnTarget } from './target.js';
