// The setters by name, with what each can do beyond one wallpaper for all monitors, so detecting a
// session and describing it need none of their code: a setter's module is imported when it first
// sets (`current`, `list` and every other short command detect the desktop but set
// nothing, and loading every desktop's setter cost them ~10 ES modules at start).
// test/core/setters-detect.test.ts checks every entry against its setter.
import type { Setter } from './types.js';

/** A setter before its code is loaded: its name, what it can do, and the setter itself. */
export interface SetterRef {
  readonly name: string;
  /** setEach: each monitor its own file. */
  readonly perMonitor: boolean;
  /** setSpanned: one image over every monitor. */
  readonly span: boolean;
  /** setLightDark: the light and the dark style their own picture. */
  readonly lightDark: boolean;
  /** Setting some monitors redraws them all. */
  readonly redrawsAll: boolean;
  load(): Promise<Setter>;
}

type Abilities = Partial<Pick<SetterRef, 'perMonitor' | 'span' | 'lightDark' | 'redrawsAll'>>;

const ref = (name: string, can: Abilities, load: () => Promise<Setter>): SetterRef => ({
  name,
  perMonitor: false,
  span: false,
  lightDark: false,
  redrawsAll: false,
  ...can,
  load,
});

export const SETTERS = {
  gnome: ref('gnome', { span: true, lightDark: true }, async () => (await import('./gnome.js')).gnome),
  cinnamon: ref('cinnamon', { span: true }, async () => (await import('./cinnamon.js')).cinnamon),
  mate: ref('mate', { span: true }, async () => (await import('./mate.js')).mate),
  kde: ref('kde', { perMonitor: true }, async () => (await import('./kde.js')).kde),
  xfce: ref('xfce', { perMonitor: true }, async () => (await import('./xfce.js')).xfce),
  sway: ref('sway', { perMonitor: true }, async () => (await import('./sway.js')).sway),
  swaybg: ref('swaybg', { perMonitor: true, redrawsAll: true }, async () => (await import('./swaybg.js')).swaybg),
  swww: ref('swww', { perMonitor: true }, async () => (await import('./swww.js')).swww),
  hyprland: ref('hyprpaper', { perMonitor: true }, async () => (await import('./hyprpaper.js')).hyprland),
  macos: ref('macos', { perMonitor: true }, async () => (await import('./macos.js')).macos),
  windows: ref('windows', { perMonitor: true }, async () => (await import('./windows.js')).windows),
  feh: ref('feh', { perMonitor: true, redrawsAll: true }, async () => (await import('./x11.js')).feh),
  xwallpaper: ref('xwallpaper', { perMonitor: true }, async () => (await import('./x11.js')).xwallpaper),
} as const;

/** A setter already made (set_command's) as a reference. */
export const refOf = (setter: Setter): SetterRef => ({
  name: setter.name,
  perMonitor: !!setter.setEach,
  span: !!setter.setSpanned,
  lightDark: !!setter.setLightDark,
  redrawsAll: !!setter.redrawsAll,
  load: async () => setter,
});
