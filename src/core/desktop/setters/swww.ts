// swww: a daemon for any wlr-layer-shell Wayland compositor; `swww img` hands the image to the
// running swww-daemon and returns, and fails loudly when no daemon runs.
import { runTool } from '../tools/index.js';
import { toolOf, type SetContext, type Setter } from './types.js';

export const swww: Setter = {
  name: 'swww',
  async set(file: string, context: SetContext): Promise<void> {
    await runTool(toolOf(context, 'swww'), ['img', file], context);
  },
  async setEach(assignments, context): Promise<void> {
    for (const { monitor, file } of assignments) await runTool(toolOf(context, 'swww'), ['img', '-o', monitor.name, file], context);
  },
};
