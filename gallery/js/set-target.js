// @ts-check
// Where "Set as wallpaper" puts the picture (docs/design.md#the-wallpaper-on-screen `target`): the desktop, its lock screen,
// or both. The choice is offered only where the server says its desktop has a lock-screen wallpaper
// of its own (GET /api/status `set_targets`: GNOME, KDE Plasma, MATE); elsewhere the button sets the
// desktop as it always did, and a lock screen the desktop lost meanwhile answers 409 in its words.
import { getStatus } from './api.js';
import { byId } from './dom.js';

/** @typedef {'desktop' | 'lock' | 'both'} Target */

/** What the message after a set calls each place. */
const WORDS = {
  desktop: 'the desktop wallpaper',
  lock: 'the lock screen wallpaper',
  both: 'the desktop and lock screen wallpaper',
};

export class SetTarget {
  constructor() {
    this.select = byId('viewer-set-target', HTMLSelectElement);
    /** @type {Promise<void> | null} */
    this.asked = null;
  }

  /** Ask the server once which places its desktop has, and offer the choice where it has a lock screen. */
  offer() {
    this.asked ??= getStatus().then(
      (status) => {
        this.select.hidden = !(status.set_targets ?? []).includes('lock');
      },
      () => {
        this.asked = null; // asked again when the viewer next opens
      },
    );
    return this.asked;
  }

  /** @returns {Target} */
  get value() {
    return this.select.hidden ? 'desktop' : /** @type {Target} */ (this.select.value);
  }

  /** @param {Target} target */
  words(target) {
    return WORDS[target];
  }
}
