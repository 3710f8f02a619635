// sway: the compositor itself runs (and replaces) its swaybg, so asking it through swaymsg changes
// every output, or each its own, without leaving stray daemons behind.
import { runTool } from '../tools/index.js';
import { toolOf, type SetContext, type Setter } from './types.js';

export const sway: Setter = {
  name: 'sway',
  async set(file: string, context: SetContext): Promise<void> {
    // No shell: `*` is a literal argument meaning "every output", and the path is one argument.
    await runTool(toolOf(context, 'swaymsg'), ['output', '*', 'bg', file, 'fill'], context);
  },
  async setEach(assignments, context): Promise<void> {
    for (const { monitor, file } of assignments)
      await runTool(toolOf(context, 'swaymsg'), ['output', monitor.name, 'bg', file, 'fill'], context);
  },
};
