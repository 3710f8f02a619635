// GNOME and the desktops built on its settings schema (Unity, Budgie, Pantheon, ubuntu:GNOME): both
// `picture-uri` and `picture-uri-dark`, since GNOME 42 shows the dark key whenever the dark style is on
// and a setter that writes only the first appears to do nothing. `random --set` may give the two
// keys different pictures: a light one and a dark one.
import { pathToFileURL } from 'node:url';
import { isWallpaperError } from '../../errors.js';
import { pictureOptions } from './picture-options.js';
import { checkGsettings } from './read-back.js';
import { runTool } from '../tools/index.js';
import { toolOf, type SetContext, type Setter } from './types.js';

const SCHEMA = 'org.gnome.desktop.background';

/** gsettings' complaint when the schema predates GNOME 42 and has no dark key. */
const NO_SUCH_KEY = /no such key/i;

async function setGnome(light: string, dark: string, spanned: boolean, context: SetContext): Promise<void> {
  const gsettings = toolOf(context, 'gsettings');
  await pictureOptions(gsettings, SCHEMA, spanned, context);
  // gsettings parses its value as GVariant text and falls back to a plain string for a string key;
  // a URI starting with `file:` never parses as GVariant, so it is stored verbatim.
  const uri = pathToFileURL(light).href;
  await runTool(gsettings, ['set', SCHEMA, 'picture-uri', uri], context);
  await checkGsettings(gsettings, SCHEMA, 'picture-uri', uri, context);
  const darkUri = pathToFileURL(dark).href;
  try {
    await runTool(gsettings, ['set', SCHEMA, 'picture-uri-dark', darkUri], context);
  } catch (error) {
    // Older GNOME, Unity and Budgie have no dark key: the light key alone is then the whole story.
    // Any other failure of the dark key is still an error.
    if (!(isWallpaperError(error) && NO_SUCH_KEY.test(error.message))) throw error;
    return;
  }
  await checkGsettings(gsettings, SCHEMA, 'picture-uri-dark', darkUri, context);
}

export const gnome: Setter = {
  name: 'gnome',
  set: (file, context) => setGnome(file, file, false, context),
  setSpanned: (file, context) => setGnome(file, file, true, context),
  setLightDark: (light, dark, context) => setGnome(light, dark, false, context),
};
