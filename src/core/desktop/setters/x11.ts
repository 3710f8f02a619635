// Plain X11 window managers (i3, openbox, bspwm, ...): the root window's background, drawn by feh or
// xwallpaper, both of which set it and exit.
import { runTool } from '../tools/index.js';
import { toolOf, type SetContext, type Setter } from './types.js';

export const feh: Setter = {
  name: 'feh',
  redrawsAll: true,
  async set(file: string, context: SetContext): Promise<void> {
    // --bg-fill also writes ~/.fehbg, so the user's session can restore it at login.
    await runTool(toolOf(context, 'feh'), ['--bg-fill', file], context);
  },
  async setEach(assignments, context): Promise<void> {
    // feh gives its files to the Xinerama screens in order: the monitors come in xrandr's order.
    await runTool(toolOf(context, 'feh'), ['--bg-fill', ...assignments.map((assignment) => assignment.file)], context);
  },
};

export const xwallpaper: Setter = {
  name: 'xwallpaper',
  async set(file: string, context: SetContext): Promise<void> {
    await runTool(toolOf(context, 'xwallpaper'), ['--zoom', file], context);
  },
  async setEach(assignments, context): Promise<void> {
    const args = assignments.flatMap(({ monitor, file }) => ['--output', monitor.name, '--zoom', file]);
    await runTool(toolOf(context, 'xwallpaper'), args, context);
  },
};
