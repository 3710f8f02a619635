// macOS: System Events sets the picture of every desktop (every display), through osascript.
import { runTool } from './run.js';
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
};
