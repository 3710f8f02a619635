// KDE Plasma 5.22+ and 6 ship plasma-apply-wallpaperimage, which sets every screen's wallpaper
// through plasmashell without the fragile JavaScript-over-D-Bus of older recipes.
import { runTool } from './run.js';
import { toolOf, type SetContext, type Setter } from './types.js';

export const kde: Setter = {
  name: 'kde',
  async set(file: string, context: SetContext): Promise<void> {
    await runTool(toolOf(context, 'plasma-apply-wallpaperimage'), [file], context);
  },
};
