// Cinnamon keeps its own copy of the background schema, with a file URI like GNOME's.
import { pathToFileURL } from 'node:url';
import { pictureOptions } from './picture-options.js';
import { checkGsettings } from './read-back.js';
import { runTool } from '../tools/index.js';
import { toolOf, type SetContext, type Setter } from './types.js';

const SCHEMA = 'org.cinnamon.desktop.background';

async function setCinnamon(file: string, spanned: boolean, context: SetContext): Promise<void> {
  const uri = pathToFileURL(file).href;
  const gsettings = toolOf(context, 'gsettings');
  await pictureOptions(gsettings, SCHEMA, spanned, context);
  await runTool(gsettings, ['set', SCHEMA, 'picture-uri', uri], context);
  await checkGsettings(gsettings, SCHEMA, 'picture-uri', uri, context);
}

export const cinnamon: Setter = {
  name: 'cinnamon',
  set: (file, context) => setCinnamon(file, false, context),
  setSpanned: (file, context) => setCinnamon(file, true, context),
};
