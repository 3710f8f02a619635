// The lock screen (docs/design.md#the-wallpaper-on-screen `--target lock|both`): whether the desktop
// has one, what it shows (read back, else by the record), and showing it again.
// May use: place, record, screen, session, setters.
export { lockFiles, lockScreen, parseTarget, requireLock, restoreLock, showLockAgain, type Target, TARGETS } from './lock-screen.js';
