// The schedule's parts as the faces use them: what --every and --if-due accept, the due rule with its
// state file, and installing, removing and reporting a timer on this platform.
// May use: nothing but the leaves.
export { claimIfDue, dueIntervalOf, formatDuration, parseDuration, readState, writeState } from './due.js';
export type { ChangeState } from './due.js';
export { parseEvery } from './every.js';
export type { Every } from './every.js';
export {
  type Plan,
  type ScheduleHost,
  type ScheduleStatus,
  applySchedule,
  planSchedule,
  removeSchedule,
  scheduleStatus,
} from './install.js';
export type { ScheduledCommand } from './units.js';
