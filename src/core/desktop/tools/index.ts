// The tools every part of the desktop room uses (docs/design.md#the-desktop-room): which desktop this
// session runs, finding a program on PATH and running it with a timeout, reading GVariant text
// (gsettings, gdbus), and the PowerShell lines of Windows.
// May use: nothing of the room (the leaves of the core: errors).
export { DEFAULT_TIMEOUT_MS, runTool, setterFailure, toolMessage } from './run.js';
export { type SetContext, type Tool, toolOf } from './tool.js';
export { envValue, findOnPath, isExecutableFile } from './path-lookup.js';
export { desktopFamily, desktopOf, type Family, LABELS } from './desktop-family.js';
export { type GValue, parseGVariant } from './gvariant.js';
export { ASSIGNMENTS_VARIABLE, MONITORS_SCRIPT, powershellArgs, SET_EACH_SCRIPT } from './windows-desktop.js';
