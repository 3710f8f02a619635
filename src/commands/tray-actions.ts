// What the tray's menu does and shows (docs/desktops.md#the-tray), wired to the same code as the
// CLI: each click runs this program's own command in this process (`next`, `back`, `favorite
// current`, `hide current`, `schedule --every`, `next --target`), never a new process of it; the
// menu reads back the schedule's timer, the last pick's appearance and target, and what is on screen.
import { execFile } from 'node:child_process';
import { dirname } from 'node:path';
import { Writable } from 'node:stream';
import { openDesktop, schedule } from '../core/index.js';
import type { Library } from '../core/types.js';
import type { CliContext } from './context.js';
import { hostOf } from './schedule.js';

type Desktop = ReturnType<typeof openDesktop>;
type TrayHooks = Parameters<Desktop['tray']>[1];
type MenuState = Awaited<ReturnType<TrayHooks['look']>>['state'];
type MenuAction = Parameters<TrayHooks['act']>[0];

const EVERY = ['15m', '30m', '1h', '3h', '1d'] as const;
/** The gallery of a `wallpaper serve` on its default address, where no WALLPAPER_SERVER names one. */
const DEFAULT_SERVER = 'http://127.0.0.1:8519';

/** A stream that keeps what is written (a command's output, read for its error line). */
class Kept extends Writable {
  text = '';
  override _write(chunk: Buffer | string, _encoding: BufferEncoding, done: () => void): void {
    this.text += chunk.toString();
    done();
  }
}

/** The schedule's interval as one of the menu's choices, read back from the installed timer. */
async function everyNow(ctx: CliContext, dataDir: string): Promise<MenuState['every']> {
  const status = await schedule.scheduleStatus(hostOf(ctx), dataDir).catch(() => undefined);
  if (!status?.installed || !status.schedule) return 'off';
  const found = EVERY.find((every) => schedule.parseEvery(every).calendar.split('\n').join('; ') === status.schedule);
  return found ?? 'off';
}

const open = (env: NodeJS.ProcessEnv, target: string) =>
  new Promise<void>((resolve, reject) =>
    execFile('xdg-open', [target], { env, timeout: 10_000 }, (error) =>
      error ? reject(new Error(`xdg-open ${target}: ${error.message}`)) : resolve(),
    ),
  );

/** The hooks of a tray for `library`; `global` the --home/--database arguments it was started with. */
export function trayHooks(ctx: CliContext, library: Library, global: readonly string[]): TrayHooks {
  const desktop = openDesktop(ctx.env);
  const command = async (...args: string[]) => {
    const { run } = await import('../cli.js');
    const stderr = new Kept();
    const code = await run(['node', 'wallpaper', ...global, ...args], { env: ctx.env, stdout: new Kept(), stderr });
    if (code !== 0) throw new Error(stderr.text.trim().replace(/^wallpaper: /, '') || `wallpaper ${args.join(' ')}: exit ${code}`);
  };
  const look: TrayHooks['look'] = async () => {
    const now = await desktop.shownNow(library).catch(() => undefined);
    const wallpaper = now?.entry.wallpaper ?? null;
    const last = desktop.lastRequest(library);
    const appearance = last?.options.appearance;
    const empty = !now && library.list({ hidden: 'any' }, { page: 1, limit: 1 }).pagination.total === 0;
    const state: MenuState = {
      title: now?.title ?? (empty ? 'The library is empty: wallpaper scan FOLDER' : 'Nothing on the screen yet'),
      onScreen: now !== undefined,
      favorite: wallpaper ? wallpaper.favorite : null,
      every: await everyNow(ctx, library.dirs.data),
      appearance: appearance === 'auto' || appearance === 'sun' ? appearance : 'off',
      target: last?.options.target ?? 'desktop',
      targets: await desktop.targets(library).catch(() => ['desktop' as const]),
    };
    const picture = wallpaper ? (await library.thumbnailFile(wallpaper.id).catch(() => undefined))?.path : now?.entry.path;
    return { state, tooltip: now?.tooltip ?? state.title, picture };
  };
  const act = async (action: Exclude<MenuAction, { kind: 'quit' }>): Promise<void> => {
    switch (action.kind) {
      case 'next':
      case 'back':
        return command(action.kind);
      case 'favorite':
        return command('favorite', 'current', ...(action.on ? [] : ['--off']));
      case 'hide':
        return command('hide', 'current');
      case 'every': {
        if (action.value === 'off') return command('schedule', '--remove');
        const appearance = desktop.lastRequest(library)?.options.appearance;
        return command(
          'schedule',
          '--every',
          action.value,
          ...(appearance === 'auto' || appearance === 'sun' ? ['--appearance', appearance] : []),
        );
      }
      case 'appearance':
        await desktop.setLastAppearance(library, action.value === 'off' ? undefined : action.value);
        return command('next');
      case 'target':
        return command('next', '--target', action.value);
      case 'gallery':
        return openGallery(ctx.env, library, desktop);
      case 'folder': {
        const now = await desktop.shownNow(library);
        if (now) await open(ctx.env, dirname(now.entry.path));
        return;
      }
    }
  };
  return {
    look,
    act,
    follow: (onChange) => desktop.followShown(library, onChange),
    onError: (error) => ctx.stderr.write(`wallpaper tray: ${(error as Error).message ?? String(error)}\n`),
  };
}

/** The wallpaper in the gallery of the running `wallpaper serve` (WALLPAPER_SERVER, else the default
 * address), else the file itself. */
async function openGallery(env: NodeJS.ProcessEnv, library: Library, desktop: Desktop): Promise<void> {
  const now = await desktop.shownNow(library);
  if (!now) return;
  const base = (env.WALLPAPER_SERVER || DEFAULT_SERVER).replace(/\/+$/, '');
  const id = now.entry.wallpaper?.id;
  const serving = id
    ? await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(2000) }).then(
        (r) => r.ok,
        () => false,
      )
    : false;
  await open(env, serving ? `${base}/#view=${id}` : now.entry.path);
}
