// MATE stores a plain file name, not a URI, under its own schema.
import { checkGsettings } from './read-back.js';
import { runTool } from './run.js';

const SCHEMA = 'org.mate.background';
import { toolOf, type SetContext, type Setter } from './types.js';

export const mate: Setter = {
  name: 'mate',
  async set(file: string, context: SetContext): Promise<void> {
    // An absolute path starts with `/`, which never parses as GVariant text, so gsettings stores it
    // verbatim whatever quotes it contains.
    const gsettings = toolOf(context, 'gsettings');
    await runTool(gsettings, ['set', SCHEMA, 'picture-filename', file], context);
    await checkGsettings(gsettings, SCHEMA, 'picture-filename', file, context);
  },
};
