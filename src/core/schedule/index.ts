// The schedule's parts as the faces use them: what --every and --if-due accept, the due rule with its
// state file, and installing, removing and reporting a timer on this platform.
export { type ChangeState, claimIfDue, dueIntervalOf, formatDuration, parseDuration, readState, writeState } from './due.js';
export { type Every, parseEvery } from './every.js';
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
