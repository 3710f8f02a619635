// MATE stores a plain file name, not a URI, under its own schema.
import { pictureOptions } from './picture-options.js';
import { checkGsettings } from './read-back.js';
import { runTool } from '../tools/index.js';
import { toolOf, type SetContext, type Setter } from './types.js';

const SCHEMA = 'org.mate.background';

async function setMate(file: string, spanned: boolean, context: SetContext): Promise<void> {
  // An absolute path starts with `/`, which never parses as GVariant text, so gsettings stores it
  // verbatim whatever quotes it contains.
  const gsettings = toolOf(context, 'gsettings');
  await pictureOptions(gsettings, SCHEMA, spanned, context);
  await runTool(gsettings, ['set', SCHEMA, 'picture-filename', file], context);
  await checkGsettings(gsettings, SCHEMA, 'picture-filename', file, context);
}

export const mate: Setter = {
  name: 'mate',
  set: (file, context) => setMate(file, false, context),
  setSpanned: (file, context) => setMate(file, true, context),
};
