// The real-desktop suites test/_real-desktops.test.ts runs in one tap job, in this order
// (the longest first); package.json's tap `exclude` names the same files.
export const DESKTOP_SUITES = ['gnome', 'kde', 'xfce', 'x11', 'cinnamon', 'mate'] as const;
