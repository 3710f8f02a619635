// `--notify` (docs/design.md#the-wallpaper-on-screen): a desktop notification of what was just put on the screen, through
// org.freedesktop.Notifications on the session bus (gdbus, already what the portal is asked with):
// its title, size and where it came from. Best effort by design: with no notification service (or
// no session bus, as in cron) the change has still happened and nothing is said about it.
import { findOnPath } from '../tools/index.js';
import { runTool } from '../tools/index.js';
import type { ShownEntry } from '../types.js';

const NOTIFY_TIMEOUT_MS = 3000;
/** How long the notification stays, in ms (the server may cap it). */
const EXPIRE_MS = 6000;

/** The notification's summary and body for what went on the screen. */
export function notificationOf(entries: readonly ShownEntry[]): { summary: string; body: string } {
  const lines = entries.map((entry) => {
    const wallpaper = entry.wallpaper;
    const title = wallpaper?.title ?? entry.path.split('/').at(-1) ?? entry.path;
    const size = wallpaper ? ` · ${wallpaper.width}×${wallpaper.height}` : '';
    const credit = wallpaper?.source
      ? ` · ${[wallpaper.source.author && `by ${wallpaper.source.author}`, wallpaper.source.name].filter(Boolean).join(', ')}`
      : '';
    const where = entry.monitor ?? entry.slot;
    return `${where ? `${where}: ` : ''}${title}${size}${credit}`;
  });
  const [only] = entries;
  if (entries.length === 1 && only) {
    const [title, ...rest] = lines[0]!.split(' · ');
    return { summary: title ?? '', body: rest.join(' · ') };
  }
  return { summary: 'New wallpapers', body: lines.join('\n') };
}

/** GVariant text of a string, for gdbus's arguments. */
const text = (value: string) => `'${value.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;

/** Show the notification; resolves whether a notification service took it (never rejects). */
export async function notifyShown(env: NodeJS.ProcessEnv, entries: readonly ShownEntry[]): Promise<boolean> {
  const gdbus = findOnPath('gdbus', env, process.platform);
  if (!gdbus || entries.length === 0) return false;
  const { summary, body } = notificationOf(entries);
  const args = [
    'call',
    '--session',
    '--dest',
    'org.freedesktop.Notifications',
    '--object-path',
    '/org/freedesktop/Notifications',
    '--method',
    'org.freedesktop.Notifications.Notify',
    'wallpaper',
    '0',
    'preferences-desktop-wallpaper',
    text(summary),
    text(body),
    '[]',
    '{}',
    String(EXPIRE_MS),
  ];
  try {
    await runTool({ name: 'gdbus', path: gdbus }, args, { env, timeoutMs: NOTIFY_TIMEOUT_MS });
    return true;
  } catch {
    return false;
  }
}
