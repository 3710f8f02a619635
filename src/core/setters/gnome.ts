// GNOME and the desktops built on its settings schema (Unity, Budgie, Pantheon, ubuntu:GNOME): both
// `picture-uri` and `picture-uri-dark`, since GNOME 42 shows the dark key whenever the dark style is on
// and a setter that writes only the first appears to do nothing.
import { pathToFileURL } from 'node:url';
import { isWallpaperError } from '../errors.js';
import { checkGsettings } from './read-back.js';
import { runTool } from './run.js';
import { toolOf, type SetContext, type Setter } from './types.js';

const SCHEMA = 'org.gnome.desktop.background';

/** gsettings' complaint when the schema predates GNOME 42 and has no dark key. */
const NO_SUCH_KEY = /no such key/i;

export const gnome: Setter = {
  name: 'gnome',
  async set(file: string, context: SetContext): Promise<void> {
    const gsettings = toolOf(context, 'gsettings');
    // gsettings parses its value as GVariant text and falls back to a plain string for a string key;
    // a URI starting with `file:` never parses as GVariant, so it is stored verbatim.
    const uri = pathToFileURL(file).href;
    await runTool(gsettings, ['set', SCHEMA, 'picture-uri', uri], context);
    await checkGsettings(gsettings, SCHEMA, 'picture-uri', uri, context);
    try {
      await runTool(gsettings, ['set', SCHEMA, 'picture-uri-dark', uri], context);
    } catch (error) {
      // Older GNOME, Unity and Budgie have no dark key: the light key alone is then the whole story.
      // Any other failure of the dark key is still an error.
      if (!(isWallpaperError(error) && NO_SUCH_KEY.test(error.message))) throw error;
      return;
    }
    await checkGsettings(gsettings, SCHEMA, 'picture-uri-dark', uri, context);
  },
};
