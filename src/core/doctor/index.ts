// The doctor room: `wallpaper doctor`: what this machine, the library and the desktop look like to the
// tool, one finding a line with a level and, for every problem, what to do.
// May use: desktop, formats, library, settings and store.
export { diagnose } from './doctor.js';
export type { Check, CheckLevel } from './doctor.js';
