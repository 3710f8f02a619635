// Hyprland with hyprpaper: the image must be preloaded into the daemon before it can be shown, and
// unloaded afterwards, or a cron job changing it every half hour grows hyprpaper's memory all day.
import { WallpaperError } from '../../errors.js';
import { runTool, toolMessage } from '../tools/index.js';
import { toolOf, type SetContext, type Setter, type Tool } from './types.js';

/** hyprctl exits 0 whatever hyprpaper answers, so the answer itself is checked: "ok" is success and
 * hyprpaper's refusals read like these. */
const REFUSAL = /\b(error|fail(ed|ure)?|invalid|couldn'?t|could not|not preloaded|no such)\b/i;

async function hyprpaper(hyprctl: Tool, args: string[], context: SetContext): Promise<void> {
  const { stdout, stderr } = await runTool(hyprctl, ['hyprpaper', ...args], context);
  const answer = stdout.trim();
  if (answer !== '' && !/^ok$/i.test(answer) && REFUSAL.test(answer)) {
    throw new WallpaperError('setter_failed', `hyprctl hyprpaper ${args[0] ?? ''} failed: ${toolMessage(answer) || toolMessage(stderr)}`);
  }
}

export const hyprland: Setter = {
  name: 'hyprpaper',
  async set(file: string, context: SetContext): Promise<void> {
    const hyprctl = toolOf(context, 'hyprctl');
    await hyprpaper(hyprctl, ['preload', file], context);
    // The empty monitor name before the comma means every monitor.
    await hyprpaper(hyprctl, ['wallpaper', `,${file}`], context);
    await hyprpaper(hyprctl, ['unload', 'unused'], context);
  },
  async setEach(assignments, context): Promise<void> {
    const hyprctl = toolOf(context, 'hyprctl');
    for (const file of new Set(assignments.map((assignment) => assignment.file))) await hyprpaper(hyprctl, ['preload', file], context);
    for (const { monitor, file } of assignments) await hyprpaper(hyprctl, ['wallpaper', `${monitor.name},${file}`], context);
    await hyprpaper(hyprctl, ['unload', 'unused'], context);
  },
};
