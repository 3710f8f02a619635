// Xfce keeps one `last-image` property per monitor and workspace; setting only the first one (as
// many scripts do) leaves the other screens and workspaces unchanged, so every one is set; per
// monitor, each monitor's own properties.
import { WallpaperError } from '../../errors.js';
import { checkXfconf } from './read-back.js';
import { runTool } from '../tools/index.js';
import { toolOf, type SetContext, type Setter, type Tool } from './types.js';

const CHANNEL = 'xfce4-desktop';

/** The `last-image` properties among xfconf-query's listing, in its order, each once. */
export function lastImageProperties(listing: string): string[] {
  const properties = listing
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.startsWith('/') && line.endsWith('/last-image'));
  return [...new Set(properties)];
}

async function setProperties(xfconf: Tool, properties: string[], file: string, context: SetContext): Promise<void> {
  for (const property of properties) {
    await runTool(xfconf, ['-c', CHANNEL, '-p', property, '-s', file], context);
    await checkXfconf(xfconf, CHANNEL, property, file, context);
  }
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
        `xfconf-query lists no last-image property in channel ${CHANNEL}: is xfdesktop running in this session (it creates them at start)? else configure set_command`,
      );
    }
    await setProperties(xfconf, properties, file, context);
  },
  async setEach(assignments, context): Promise<void> {
    const xfconf = toolOf(context, 'xfconf-query');
    const { stdout } = await runTool(xfconf, ['-c', CHANNEL, '-l'], context);
    const properties = lastImageProperties(stdout);
    // Every monitor's properties are found before any is set: one that cannot be set changes none.
    const plan = assignments.map(({ monitor, file }) => {
      // /backdrop/screen0/monitorDP-1/workspace0/last-image: every workspace of that monitor.
      const own = properties.filter((property) => property.includes(`/monitor${monitor.name}/`));
      if (own.length === 0) {
        throw new WallpaperError(
          'setter_failed',
          `xfconf-query lists no last-image property for monitor ${monitor.name} in channel ${CHANNEL} (xfdesktop creates one per output it draws on; a monitor without its own output has none): nothing was changed; use --same`,
        );
      }
      return { own, file };
    });
    for (const { own, file } of plan) await setProperties(xfconf, own, file, context);
  },
};
