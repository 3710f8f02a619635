// macOS: System Events sets the picture of every desktop (every display), or of each its own,
// through osascript.
import { runTool } from '../tools/index.js';
import { toolOf, type SetContext, type Setter } from './types.js';

/** The path as an AppleScript string literal: backslashes and double quotes escaped. */
export function appleScriptString(text: string): string {
  return `"${text.replace(/[\\"]/g, (char) => `\\${char}`)}"`;
}

export const macos: Setter = {
  name: 'macos',
  async set(file: string, context: SetContext): Promise<void> {
    const script = `tell application "System Events" to tell every desktop to set picture to ${appleScriptString(file)}`;
    await runTool(toolOf(context, 'osascript'), ['-e', script], context);
  },
  async setEach(assignments, context): Promise<void> {
    // System Events numbers the desktops from 1 in the order system_profiler lists the displays.
    const lines = assignments.map(({ file }, index) => `tell desktop ${index + 1} to set picture to ${appleScriptString(file)}`);
    await runTool(toolOf(context, 'osascript'), ['-e', ['tell application "System Events"', ...lines, 'end tell'].join('\n')], context);
  },
};
