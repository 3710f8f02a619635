// The shapes of the shortcuts: what each desktop's settings backend does (read what is bound,
// write ours, take ours away) and what the facade reports.
import type { Binding, Shortcut } from './keys.js';

/** One of our shortcuts as the desktop holds it now. */
export interface Installed {
  shortcut: Shortcut;
  /** The key as the desktop stores it. */
  binding: string;
  command: string;
}

/** A desktop's own custom-shortcut settings (GNOME, Cinnamon, MATE, Xfce). */
export interface Backend {
  /** The desktop's name for messages: `GNOME`. */
  desktop: string;
  /** Every binding in force: the desktop's own and every custom shortcut, ours marked. */
  bindings(): Promise<Binding[]>;
  installed(): Promise<Installed[]>;
  /** Write these of ours (new or replacing ours), each with its command line. */
  install(items: readonly { shortcut: Shortcut; command: string }[]): Promise<void>;
  /** Take every one of ours away, leaving the desktop's settings as they were before; returns what
   * was there. */
  remove(): Promise<Installed[]>;
}

/** What `shortcuts install` did: installed, and left alone with what holds the key. */
export interface InstallReport {
  desktop: string;
  installed: Installed[];
  taken: { shortcut: Shortcut; by: Binding }[];
}
