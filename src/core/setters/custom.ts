// The `set_command` setter: the user's own command, split without a shell, `{path}` substituted, run
// with the same timeout and exit-status checks as the built-in setters.
import { WallpaperError } from '../errors.js';
import { commandFor } from './command-line.js';
import { findOnPath } from './path-lookup.js';
import { runTool } from './run.js';
import type { SetContext, Setter } from './types.js';

export const SET_COMMAND_SETTER = 'set_command';

export function customSetter(setCommand: string, platform: NodeJS.Platform): Setter {
  return {
    name: SET_COMMAND_SETTER,
    async set(file: string, context: SetContext): Promise<void> {
      const { program, args } = commandFor(setCommand, file);
      // A program given with a directory is used as written; a bare name is looked up on the PATH
      // of the environment we were given, like every other setter tool.
      const hasDirectory = program.includes('/') || (platform === 'win32' && program.includes('\\'));
      const resolved = hasDirectory ? program : findOnPath(program, context.env, platform);
      if (resolved === undefined) {
        throw new WallpaperError('setter_failed', `set_command: ${program} not found on PATH (use an absolute path or fix PATH)`);
      }
      await runTool({ name: `set_command (${program})`, path: resolved }, args, context);
    },
  };
}
