// MATE stores a plain file name, not a URI, under its own schema.
import { runTool } from './run.js';
import { toolOf, type SetContext, type Setter } from './types.js';

export const mate: Setter = {
  name: 'mate',
  async set(file: string, context: SetContext): Promise<void> {
    // An absolute path starts with `/`, which never parses as GVariant text, so gsettings stores it
    // verbatim whatever quotes it contains.
    await runTool(
      toolOf(context, 'gsettings'),
      ['set', 'org.mate.background', 'picture-filename', file],
      context,
    );
  },
};
