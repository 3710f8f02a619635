// What the screen shows now (docs/design.md#the-wallpaper-on-screen): read back from the desktop
// where it can tell, else what the record says; each file with its wallpaper when the library knows it.
// May use: record, session, setters.
export { currentId, dynamicShowing, entriesOf, shownFiles } from './current.js';
export { shownNow } from './shown-now.js';
