// The doctor room: `wallpaper doctor`: what this machine, the library and the desktop look like to the
// tool, one finding a line with a level and, for every problem, what to do.
// May use: desktop, formats, library, settings and store.
import type { Check, DoctorInput } from './doctor.js';

export type { Check, CheckLevel } from './doctor.js';

/** The checks, loaded when asked for: the door names diagnose, and loading the doctor with it made
 * every command load every room at start. */
export async function diagnose(input: DoctorInput): Promise<Check[]> {
  return (await import('./doctor.js')).diagnose(input);
}
