// `--write` (docs/colors.md#write): every format into the cache home's colors/, and pywal's own
// cache files under $XDG_CACHE_HOME/wal/, so what is set up for pywal's templates (bars, launchers,
// notification daemons) follows. Each file is replaced atomically: a bar reloading on the change
// never reads half a file.
import { homedir } from 'node:os';
import { join } from 'node:path';
import { writeFileAtomic } from '../common/index.js';
import { COLOR_FORMATS, type ColorScheme, FORMAT_FILES, pywalOf, renderScheme } from './formats.js';

export interface WrittenScheme {
  /** The cache home's colors/ folder. */
  folder: string;
  /** Our colors.json there (WALLPAPER_COLORS of the on_change hook). */
  json: string;
  /** pywal's folder. */
  wal: string;
  /** The Xresources file (what `--apply` merges). */
  xresources: string;
}

/** pywal's cache folder: $XDG_CACHE_HOME/wal, else ~/.cache/wal. */
export const walFolder = (env: NodeJS.ProcessEnv): string => join(env.XDG_CACHE_HOME || join(env.HOME || homedir(), '.cache'), 'wal');

const shellQuoted = (text: string): string => `'${text.replaceAll("'", `'\\''`)}'`;

/** pywal's colors.sh: shell variables, as `source ~/.cache/wal/colors.sh` expects them. */
function shellOf(scheme: ColorScheme, wallpaper: string): string {
  return [
    "# Shell variables (written by 'wallpaper colors --write', as pywal writes them)",
    `wallpaper=${shellQuoted(wallpaper)}`,
    '',
    `background='${scheme.background}'`,
    `foreground='${scheme.foreground}'`,
    `cursor='${scheme.cursor}'`,
    '',
    ...scheme.colors.map((color, i) => `color${i}='${color}'`),
    '',
  ].join('\n');
}

/** pywal's colors.css: its custom properties, the wallpaper as `--wallpaper`. */
const walCssOf = (scheme: ColorScheme, wallpaper: string): string =>
  renderScheme(scheme, 'css', wallpaper).replace(':root {', `:root {\n  --wallpaper: url(${JSON.stringify(wallpaper)});`);

/** Write every format and pywal's files for `scheme` of the picture at `wallpaper`. */
export async function writeScheme(
  scheme: ColorScheme,
  wallpaper: string,
  cacheDir: string,
  env: NodeJS.ProcessEnv,
): Promise<WrittenScheme> {
  const folder = join(cacheDir, 'colors');
  const wal = walFolder(env);
  const files: [string, string][] = [
    ...COLOR_FORMATS.map((format): [string, string] => [join(folder, FORMAT_FILES[format]), renderScheme(scheme, format, wallpaper)]),
    [join(wal, 'colors.json'), `${JSON.stringify(pywalOf(scheme, wallpaper), null, 4)}\n`],
    [join(wal, 'colors'), `${scheme.colors.join('\n')}\n`],
    [join(wal, 'colors.sh'), shellOf(scheme, wallpaper)],
    [join(wal, 'colors.Xresources'), renderScheme(scheme, 'xresources', wallpaper)],
    [join(wal, 'colors.css'), walCssOf(scheme, wallpaper)],
  ];
  await Promise.all(files.map(([file, text]) => writeFileAtomic(file, Buffer.from(text))));
  return { folder, json: join(folder, FORMAT_FILES.json), wal, xresources: join(folder, FORMAT_FILES.xresources) };
}
