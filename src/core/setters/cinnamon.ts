// Cinnamon keeps its own copy of the background schema, with a file URI like GNOME's.
import { pathToFileURL } from 'node:url';
import { checkGsettings } from './read-back.js';
import { runTool } from './run.js';

const SCHEMA = 'org.cinnamon.desktop.background';
import { toolOf, type SetContext, type Setter } from './types.js';

export const cinnamon: Setter = {
  name: 'cinnamon',
  async set(file: string, context: SetContext): Promise<void> {
    const uri = pathToFileURL(file).href;
    const gsettings = toolOf(context, 'gsettings');
    await runTool(gsettings, ['set', SCHEMA, 'picture-uri', uri], context);
    await checkGsettings(gsettings, SCHEMA, 'picture-uri', uri, context);
  },
};
