// The one record of each change (docs/design.md#one-record-of-each-change): record.ts writes it, the
// journal of what is on the screen (on-screen.ts) keeps it, and what is on the screen, `back`,
// `next`, the tray and `current --follow` read it from here.
// May use: nothing of the room (the leaves of the core: common, limits).
export { remember, rememberLock } from './record.js';
export {
  attachLock,
  type Change,
  type LastRequest,
  lockShownByHistory,
  readOnScreen,
  setLastAppearance,
  type ShownFile,
  shownByHistory,
  takeLastChange,
  takePart,
} from './on-screen.js';
export { followShown } from './follow-shown.js';
