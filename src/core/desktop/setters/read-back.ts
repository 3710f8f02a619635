// A settings tool that exits 0 is not proof: without a session bus (the classic cron failure)
// gsettings writes to a throw-away memory backend and xfconf-query may do nothing, so GNOME,
// Cinnamon, MATE and Xfce would report success while the desktop keeps its old wallpaper. After
// setting, the value is read back; a value that did not stick is an error that says why and what
// to do.
import { WallpaperError } from '../../errors.js';
import { runTool } from '../tools/index.js';
import type { SetContext, Tool } from './types.js';

/** The string of a GVariant string as `gsettings get` prints it ('...' or "...", with \ escapes),
 * or undefined when the text is not one. */
export function parseGVariantString(text: string): string | undefined {
  const match = /^(?:@\w+\s+)?(['"])([\s\S]*)\1$/.exec(text.trim());
  if (!match) return undefined;
  return match[2]!.replace(/\\(.)/g, '$1');
}

/** Why a value that exits 0 may still not stick, and where the fix is documented. */
function notKept(what: string, reads: string): WallpaperError {
  return new WallpaperError(
    'setter_failed',
    `${what} was accepted but not kept (it reads ${JSON.stringify(reads)}): the desktop session's settings are not reachable, ` +
      'as in cron or a systemd service without DBUS_SESSION_BUS_ADDRESS; see docs/desktops.md#cron',
  );
}

/** `gsettings get SCHEMA KEY` must now read `expected`. */
export async function checkGsettings(gsettings: Tool, schema: string, key: string, expected: string, context: SetContext): Promise<void> {
  const { stdout } = await runTool(gsettings, ['get', schema, key], context);
  const value = parseGVariantString(stdout) ?? stdout.trim();
  if (value !== expected) throw notKept(`gsettings set ${schema} ${key}`, value);
}

/** `xfconf-query -c CHANNEL -p PROPERTY` must now read `expected`. */
export async function checkXfconf(xfconf: Tool, channel: string, property: string, expected: string, context: SetContext): Promise<void> {
  const { stdout } = await runTool(xfconf, ['-c', channel, '-p', property], context);
  const value = stdout.replace(/\r?\n$/, '');
  if (value !== expected) throw notKept(`xfconf-query ${channel} ${property}`, value);
}
