// The `set_command` setter: the user's own command, split without a shell, `{path}` substituted, run
// with the same timeout and exit-status checks as the built-in setters. A command holding `{monitor}`
// runs once per monitor with that monitor's name and file.
import { WallpaperError } from '../../errors.js';
import { MONITOR_PLACEHOLDER, commandFor } from '../../common/index.js';
import { findOnPath } from '../tools/index.js';
import { runTool } from '../tools/index.js';
import type { Setter, SetContext } from './types.js';

export const SET_COMMAND_SETTER = 'set_command';

export function customSetter(setCommand: string, platform: NodeJS.Platform): Setter {
  const run = async (file: string, monitor: string, context: SetContext): Promise<void> => {
    const { program, args } = commandFor(setCommand, file, monitor);
    // A program given with a directory is used as written; a bare name is looked up on the PATH
    // of the environment we were given, like every other setter tool.
    const hasDirectory = program.includes('/') || (platform === 'win32' && program.includes('\\'));
    const resolved = hasDirectory ? program : findOnPath(program, context.env, platform);
    if (resolved === undefined) {
      throw new WallpaperError('setter_failed', `set_command: ${program} not found on PATH (use an absolute path or fix PATH)`);
    }
    await runTool({ name: `set_command (${program})`, path: resolved }, args, context);
  };
  const perMonitor = setCommand.includes(MONITOR_PLACEHOLDER);
  return {
    name: SET_COMMAND_SETTER,
    set: (file, context) => run(file, '', context),
    ...(perMonitor
      ? {
          async setEach(assignments, context) {
            for (const { monitor, file } of assignments) await run(file, monitor.name, context);
          },
        }
      : {}),
  };
}
