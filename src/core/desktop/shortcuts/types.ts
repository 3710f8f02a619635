// The shapes of the shortcuts: what each desktop's settings backend does (read what is bound,
// write ours, take ours away) and what the facade reports.
import type { Choice, KeySet } from './key-sets.js';
import type { Binding, Shortcut } from './keys.js';

/** One of our shortcuts as the desktop holds it now. */
export interface Stored {
  shortcut: Shortcut;
  /** The key as the desktop stores it. */
  binding: string;
  command: string;
}

/** One of ours as reported: with its key as people read it (`Super+Ctrl+Alt+Right`). */
export interface Installed extends Stored {
  key: string;
}

/** A desktop's own custom-shortcut settings (GNOME, Cinnamon, MATE, Xfce). */
export interface Backend {
  /** The desktop's name for messages: `GNOME`. */
  desktop: string;
  /** Every binding in force: the desktop's own and every custom shortcut, ours marked. */
  bindings(): Promise<Binding[]>;
  installed(): Promise<Stored[]>;
  /** Write these of ours (new or replacing ours) on `keys`, each with its command line. */
  install(items: readonly { shortcut: Shortcut; command: string }[], keys: KeySet): Promise<void>;
  /** Take every one of ours away, leaving the desktop's settings as they were before; returns what
   * was there. */
  remove(): Promise<Stored[]>;
}

/** What `shortcuts install` did: installed, and left alone with what holds the key. */
export interface InstallReport {
  desktop: string;
  /** The key set used, and why: asked with --keys, the first left free, or the fewest taken. */
  keys: KeySet;
  choice: Choice;
  /** The sets tried before it that the desktop does not leave free, with how many keys each has taken. */
  passed: { keys: KeySet; taken: number }[];
  installed: Installed[];
  taken: { shortcut: Shortcut; by: Binding }[];
}
