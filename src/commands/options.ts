// The flags several commands share, declared once with their environment variable (commander's
// Option.env): for these, flag > environment > default is decided here and nowhere else (the
// settings file's own precedence is the core's settings.ts). An empty variable counts as unset.
import { InvalidArgumentError, Option } from 'commander';

const unlessEmpty = (value: string): string | undefined => (value.trim() === '' ? undefined : value);

/** `--home DIR` (WALLPAPER_HOME): one folder for settings, index and caches; default the platform's
 * config, data and cache homes. */
export const homeOption = (): Option =>
  new Option('--home <dir>', 'keep settings, index and thumbnails in this one folder (default: the XDG config, data and cache homes)')
    .env('WALLPAPER_HOME')
    .argParser(unlessEmpty);

/** `--database URL` (WALLPAPER_DATABASE_URL): the index in PostgreSQL, shared by replicas; a URL is
 * checked by `problemOf` (the core's databaseUrlProblem, given by cli.ts, which loads the core only
 * for a run that needs it: docs/design.md#how-the-program-is-built-and-started). */
export const databaseOption = (problemOf: (url: string) => string | undefined = () => undefined): Option =>
  new Option('--database <url>', 'keep the index in PostgreSQL (postgres://user:password@host/name) instead of SQLite')
    .env('WALLPAPER_DATABASE_URL')
    .argParser((value) => {
      const url = unlessEmpty(value);
      const problem = url === undefined ? undefined : problemOf(url);
      if (problem) throw new InvalidArgumentError(problem);
      return url;
    });

/** `--server URL` (WALLPAPER_SERVER): ask a running `wallpaper serve` instead of the local index. */
export const serverOption = (): Option =>
  new Option('--server <url>', 'ask a running `wallpaper serve` instead of the local index').env('WALLPAPER_SERVER').argParser(unlessEmpty);

/** `--token T` (WALLPAPER_TOKEN): the bearer token every change must carry. */
export const tokenOption = (): Option =>
  new Option('--token <token>', 'bearer token required for changes, from anywhere').env('WALLPAPER_TOKEN').argParser(unlessEmpty);

/** `--monitors "NAME=WxH,..."`: the monitors instead of detecting them (else WALLPAPER_MONITORS, read
 * by the core's detection so its errors can name where a bad value came from). */
export const monitorsOption = (): Option =>
  new Option('--monitors <list>', 'the monitors instead of detecting them: "DP-1=2560x1440,DP-2=1080x1920" (also WALLPAPER_MONITORS)');
