// The settings record (docs/design.md#http-rules, with the keys added since).
import type { SourceSetting } from './sources.js';

export interface Settings {
  /** Absolute paths of the folders in the library. */
  folders: string[];
  /** Absolute path where uploads are saved; always part of the library. */
  upload_folder: string;
  /** Thumbnails fit inside this many pixels a side (64..2048). */
  thumbnail_size: number;
  /** Largest accepted upload, in bytes. */
  max_upload_bytes: number;
  /** Command that sets the desktop wallpaper, `{path}` replaced by the file; null to detect. */
  set_command: string | null;
  /** Sized variants kept on disk in the cache home, in bytes; least recently used out first. */
  variant_cache_bytes: number;
  /** Where wallpapers are fetched from (docs/design.md#sources). */
  sources: SourceSetting[];
  /** Where the sun is followed (`--appearance sun`, docs/design.md#the-time-of-day): "LAT,LON" in decimal
   * degrees; null until set. */
  location: string | null;
  /** A desktop notification at every change of `random --set`, `next`, `back` (and the one
   * `hide current` makes), as `--notify` gives one (docs/design.md#the-wallpaper-on-screen); `--no-notify` skips it once. */
  notify: boolean;
  /** The smallest picture a scan indexes, "WIDTHxHEIGHT" either way round; "0x0" (the default)
   * indexes every picture (docs/cli.md#wallpaper-config). */
  min_size: string;
  /** After every change, the primary monitor's colour scheme written (`write`) or written and
   * applied to the open terminals (`apply`), or nothing (`off`): docs/colors.md#after-every-change. */
  colors: 'off' | 'write' | 'apply';
  /** A command line run after every change (no shell; `{path}`, `{id}` replaced), or null:
   * docs/colors.md#on-change. */
  on_change: string | null;
}
