// GNOME, Cinnamon and MATE have one wallpaper for all monitors; `picture-options` `spanned` stretches
// it over the whole desktop, which `--span` uses for a composite of one pick per monitor. A plain set
// after a span puts `zoom` back (the default), or the next single image would be spanned too.
import { parseGVariantString } from './read-back.js';
import { runTool } from '../tools/index.js';
import type { SetContext, Tool } from './types.js';

export async function pictureOptions(gsettings: Tool, schema: string, spanned: boolean, context: SetContext): Promise<void> {
  if (spanned) {
    await runTool(gsettings, ['set', schema, 'picture-options', 'spanned'], context);
    return;
  }
  const { stdout } = await runTool(gsettings, ['get', schema, 'picture-options'], context);
  if ((parseGVariantString(stdout) ?? stdout.trim()) === 'spanned')
    await runTool(gsettings, ['set', schema, 'picture-options', 'zoom'], context);
}
