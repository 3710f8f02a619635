// @ts-check
// Watches the library through GET /api/status: while a scan runs (the first run of `wallpaper
// serve` indexes in the background) it reports progress about once a second, and whenever the
// index's version changes it says so, so the page can bring what it shows up to date. When no scan
// runs it looks less often, and not at all while the page is hidden.

import { getStatus } from './api.js';

/** @typedef {import('./api.js').LibraryStatus} LibraryStatus */

/** How often to ask while a scan runs, and otherwise (new files from a cron scan, other clients). */
const SCANNING_POLL_MS = 1000;
const IDLE_POLL_MS = 10_000;

export class LibraryWatch {
  /**
   * @param {{ onStatus: (status: LibraryStatus) => void, onChange: (status: LibraryStatus) => void }} handlers
   *   onStatus: every answer; onChange: the version moved since the previous answer
   */
  constructor(handlers) {
    this.handlers = handlers;
    /** @type {LibraryStatus | null} */
    this.last = null;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.timer = undefined;
    document.addEventListener('visibilitychange', () => {
      if (!document.hidden) void this.check();
    });
  }

  get scanning() {
    return Boolean(this.last?.scanning);
  }

  /** Ask now, then keep asking at the pace the answer calls for. */
  async check() {
    clearTimeout(this.timer);
    try {
      const status = await getStatus();
      const previous = this.last;
      this.last = status;
      this.handlers.onStatus(status);
      if (previous && (previous.version !== status.version || (previous.scanning && !status.scanning))) this.handlers.onChange(status);
    } catch {
      // The server is briefly away: ask again on the next tick.
    }
    if (!document.hidden) this.timer = setTimeout(() => void this.check(), this.scanning ? SCANNING_POLL_MS : IDLE_POLL_MS);
  }
}
