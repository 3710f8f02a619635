// What to install for a tray host (a StatusNotifierWatcher) on each desktop: said when `wallpaper
// tray` finds none and by `doctor`. Kept apart from the D-Bus code so that `doctor` loads no D-Bus
// library to say it.

/** What to install for a tray host on the desktop XDG_CURRENT_DESKTOP names. */
export function trayHostAdvice(env: NodeJS.ProcessEnv): string {
  const desktop = (env.XDG_CURRENT_DESKTOP ?? '').toLowerCase();
  if (desktop.includes('gnome') || desktop.includes('unity'))
    return 'install and enable the AppIndicator extension (Debian and Ubuntu: gnome-shell-extension-appindicator)';
  if (desktop.includes('kde')) return "add Plasma's System Tray to a panel";
  if (desktop.includes('xfce')) return "add xfce4-panel's Status Tray plugin to a panel (Xfce 4.16 or later)";
  if (desktop.includes('cinnamon')) return "add Cinnamon's XApp Status applet to a panel";
  if (desktop.includes('mate')) return "add mate-panel's Notification Area (MATE 1.24 or later, with ayatana support)";
  if (desktop.includes('sway') || desktop.includes('hyprland') || desktop.includes('wlroots'))
    return 'run waybar with its "tray" module (Debian and Ubuntu: waybar)';
  return "run a panel with a StatusNotifierItem tray (Plasma, xfce4-panel, waybar, GNOME's AppIndicator extension)";
}
