// Cinnamon keeps its own copy of the background schema, with a file URI like GNOME's.
import { pathToFileURL } from 'node:url';
import { runTool } from './run.js';
import { toolOf, type SetContext, type Setter } from './types.js';

export const cinnamon: Setter = {
  name: 'cinnamon',
  async set(file: string, context: SetContext): Promise<void> {
    const uri = pathToFileURL(file).href;
    await runTool(
      toolOf(context, 'gsettings'),
      ['set', 'org.cinnamon.desktop.background', 'picture-uri', uri],
      context,
    );
  },
};
