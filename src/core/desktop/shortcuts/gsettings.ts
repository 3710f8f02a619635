// gsettings as the shortcut backends use it: read a schema's keys (a schema that is not installed
// reads as none), set and reset one key, and GVariant text in and out for strings and string lists.
import { WallpaperError } from '../../errors.js';
import { runTool } from '../tools/index.js';
import type { Tool } from '../tools/index.js';

/** The strings in a GVariant text as gsettings prints it (`['<Super>Up', '<Alt>F5']`, `'x'`, `@as []`). */
export function stringsIn(text: string): string[] {
  const strings: string[] = [];
  for (const match of text.matchAll(/'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"/g)) {
    strings.push((match[1] ?? match[2] ?? '').replace(/\\(.)/g, '$1'));
  }
  return strings;
}

/** A GVariant string literal. */
export const gvString = (text: string): string => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
/** A GVariant string list literal (typed when empty, as gsettings needs). */
export const gvStrings = (list: readonly string[]): string => (list.length > 0 ? `[${list.map(gvString).join(', ')}]` : '@as []');

export interface GSettings {
  /** Every key of `schema` (`schema:/path/` for a relocatable one) and its GVariant text; undefined
   * when the schema is not installed. */
  read(schema: string): Promise<Map<string, string> | undefined>;
  set(schema: string, key: string, value: string): Promise<void>;
  reset(schema: string, key: string): Promise<void>;
}

export function gsettingsClient(tool: Tool, env: NodeJS.ProcessEnv, timeoutMs: number): GSettings {
  const run = (args: string[]) => runTool(tool, args, { env, timeoutMs });
  return {
    async read(schema) {
      const result = await run(['list-recursively', schema]).catch((error: unknown) => {
        if (error instanceof WallpaperError && /No such schema/i.test(error.message)) return undefined;
        throw error;
      });
      if (!result) return undefined;
      const keys = new Map<string, string>();
      for (const line of result.stdout.split('\n')) {
        // `SCHEMA KEY VALUE`: the schema and key have no spaces, the value may.
        const match = /^\S+ (\S+) (.*)$/.exec(line);
        if (match) keys.set(match[1]!, match[2]!);
      }
      return keys;
    },
    set: async (schema, key, value) => void (await run(['set', schema, key, value])),
    reset: async (schema, key) => void (await run(['reset', schema, key])),
  };
}

/** The bindings a schema of the desktop's own holds: each key whose value is an accelerator (or a
 * list of them), with the `gsettings set` that frees one accelerator and keeps the key's others. */
export function ownBindings(schema: string, keys: Map<string, string>, label: string, skip: readonly string[] = []) {
  return [...keys].flatMap(([key, value]) => {
    if (skip.includes(key)) return [];
    const list = value.startsWith('[') || value.startsWith('@as');
    return stringsIn(value).map((accelerator, _, all) => {
      const rest = all.filter((other) => other !== accelerator);
      const freed = list ? gvStrings(rest) : "''";
      return { key: accelerator, holder: `${label}'s ${key} (${schema})`, free: `gsettings set ${schema} ${key} "${freed}"` };
    });
  });
}
