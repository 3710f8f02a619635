// What runs after a change (docs/colors.md): the `colors` and `on_change` settings for the primary
// monitor's wallpaper, and a desktop notification of what was set (loaded when first sent).
// May use: record, session, tools.
export { afterChange, schemeFor, type ShownPlace } from './after-change.js';
export { reportAfterChangeLine, reportAfterChanges } from './reports.js';

/** Say what is on the screen in a desktop notification (`watch --notify`). */
export const notifyShown: typeof import('./notify.js').notifyShown = async (...args) => (await import('./notify.js')).notifyShown(...args);
