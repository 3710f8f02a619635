// Xfce keeps one `last-image` property per monitor and workspace; setting only the first one (as
// many scripts do) leaves the other screens and workspaces unchanged, so every one is set.
import { WallpaperError } from '../errors.js';
import { checkXfconf } from './read-back.js';
import { runTool } from './run.js';
import { toolOf, type SetContext, type Setter } from './types.js';

const CHANNEL = 'xfce4-desktop';

/** The `last-image` properties among xfconf-query's listing, in its order, each once. */
export function lastImageProperties(listing: string): string[] {
  const properties = listing
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.startsWith('/') && line.endsWith('/last-image'));
  return [...new Set(properties)];
}

export const xfce: Setter = {
  name: 'xfce',
  async set(file: string, context: SetContext): Promise<void> {
    const xfconf = toolOf(context, 'xfconf-query');
    const { stdout } = await runTool(xfconf, ['-c', CHANNEL, '-l'], context);
    const properties = lastImageProperties(stdout);
    // The property names carry the monitor's connector name (monitoreDP-1), which only xfdesktop
    // knows; inventing one would "succeed" while changing nothing on screen.
    if (properties.length === 0) {
      throw new WallpaperError(
        'setter_failed',
        `xfconf-query lists no last-image property in channel ${CHANNEL}: open Xfce's Desktop settings once so xfdesktop creates them, or configure set_command`,
      );
    }
    for (const property of properties) {
      await runTool(xfconf, ['-c', CHANNEL, '-p', property, '-s', file], context);
      await checkXfconf(xfconf, CHANNEL, property, file, context);
    }
  },
};
