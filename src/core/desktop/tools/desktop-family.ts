// Which desktop this session runs (GNOME, Plasma, Xfce, Cinnamon, MATE, sway, Hyprland), from the
// environment the session gives its programs: the setters, the monitors, the scheme and the
// shortcuts all ask it.
import path from 'node:path';

export type Family = 'gnome' | 'kde' | 'xfce' | 'cinnamon' | 'mate' | 'sway' | 'hyprland';

/** Desktop names as XDG_CURRENT_DESKTOP and DESKTOP_SESSION spell them, lower-cased. */
const FAMILIES: Record<string, Family> = {
  gnome: 'gnome',
  'gnome-classic': 'gnome',
  'gnome-flashback': 'gnome',
  ubuntu: 'gnome',
  unity: 'gnome',
  budgie: 'gnome',
  'budgie-desktop': 'gnome',
  pantheon: 'gnome',
  kde: 'kde',
  plasma: 'kde',
  plasmawayland: 'kde',
  plasmax11: 'kde',
  xfce: 'xfce',
  xfce4: 'xfce',
  'x-cinnamon': 'cinnamon',
  cinnamon: 'cinnamon',
  cinnamon2d: 'cinnamon',
  mate: 'mate',
  sway: 'sway',
  hyprland: 'hyprland',
};

export const LABELS: Record<Family, string> = {
  gnome: 'GNOME',
  kde: 'KDE Plasma',
  xfce: 'Xfce',
  cinnamon: 'Cinnamon',
  mate: 'MATE',
  sway: 'sway',
  hyprland: 'Hyprland',
};

function familyOf(name: string): Family | undefined {
  const lower = path.basename(name.trim()).toLowerCase();
  return FAMILIES[lower] ?? FAMILIES[lower.split('-')[0] ?? ''];
}

/** The desktop family and the evidence for it, most specific source first. */
export function desktopOf(env: NodeJS.ProcessEnv): { family: Family; from: string } | undefined {
  const current = env.XDG_CURRENT_DESKTOP;
  // XDG_CURRENT_DESKTOP lists names from the most to the least specific (Budgie:GNOME).
  for (const name of (current ?? '').split(':')) {
    const family = familyOf(name);
    if (family) return { family, from: `XDG_CURRENT_DESKTOP=${current}` };
  }
  const session = env.DESKTOP_SESSION;
  if (session) {
    const family = familyOf(session);
    if (family) return { family, from: `DESKTOP_SESSION=${session}` };
  }
  if (env.HYPRLAND_INSTANCE_SIGNATURE) return { family: 'hyprland', from: 'HYPRLAND_INSTANCE_SIGNATURE set' };
  if (env.SWAYSOCK) return { family: 'sway', from: 'SWAYSOCK set' };
  return undefined;
}

/** The desktop family of the session, for the monitor detection. */
export const desktopFamily = (env: NodeJS.ProcessEnv): Family | undefined => desktopOf(env)?.family;
