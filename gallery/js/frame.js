// @ts-check
// The wallpaper frame (GET /frame, docs/design.md#the-frame): wallpapers one after another at this
// screen's size in device pixels, for this screen's client (no repeats until all were shown). Every
// change is queued (one at a time); the next one is fetched and decoded while the current one is on
// screen, so a change is a swap. The server away: the wallpaper stays and the page retries with
// backoff. A short history of {id} URLs (cached by the browser) makes "previous" free.
// Old tablets and TVs run this: no syntax newer than ES2018 and no build step.
import { Info, Message, startClock, toggle } from './frame-overlay.js';
import { devicePixels, imageUrl, isDarkAt, parseOptions, pickUrl } from './frame-params.js';
import { Away, NoMatch, Refused, fetchJson, timed } from './frame-fetch.js';
import { Stage } from './frame-stage.js';
import { Pairs } from './frame-pair.js';
import { startPan, startShift } from './frame-looks.js';
import { bindControls } from './frame-controls.js';

/** @typedef {import('./frame-params.js').FrameOptions} FrameOptions */
/** @typedef {import('./frame-stage.js').Entry} Entry */

/** Changes kept for "previous" (records only: the images are in the browser's cache). */
const HISTORY = 50;
/** Retries after a failure: 1 s, 2 s, 4 s, then every 5 s (a frame on a LAN costs nothing). */
const MAX_BACKOFF_MS = 5000;
class Frame {
  /** @param {FrameOptions} options @param {Message} message */
  constructor(options, message) {
    this.options = options;
    this.message = message;
    const stage = /** @type {HTMLElement} */ (document.getElementById('stage'));
    this.stage = new Stage(stage, options.fade, options.fill, options.motion === 'pan' ? options.fit : null);
    this.pairs = new Pairs(options);
    if (options.motion === 'pan') startPan(stage, options.interval + 1);
    this.info = new Info(options.info);
    /** @type {Entry[]} */
    this.history = [];
    this.position = -1;
    /** @type {Entry | null} a fresh pick, fetched ahead */
    this.upcoming = null;
    /** how many times the screen turned: a pick fetched for the old shape is dropped */
    this.turns = 0;
    this.paused = false;
    this.stopped = false;
    this.failures = 0;
    this.changes = 0;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.timer = undefined;
    /** @type {Promise<unknown>} */
    this.queue = Promise.resolve();
    this.scheme = typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-color-scheme: dark)') : null;
    document.body.classList.toggle('contain', options.fit === 'contain');
  }

  /** Run `task` after every task queued before it. @template T @param {() => Promise<T>} task */
  enqueue(task) {
    const run = this.queue.then(task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  darkNow() {
    return this.options.dark !== null && isDarkAt(this.options.dark, new Date());
  }

  /** A fresh pick: one wallpaper, two portrait ones on a landscape screen with split=1, or a pair. */
  async fetchEntry() {
    if (this.options.layout === 'pair') return this.pairs.pick(this.now(false));
    const split = this.options.split && window.innerWidth > window.innerHeight;
    try {
      return await this.pick(split);
    } catch (error) {
      if (split && error instanceof NoMatch) return this.pick(false); // no portrait wallpaper: one
      throw error;
    }
  }

  /** What a pick depends on now. @param {boolean} portrait */
  now(portrait) {
    return { portrait, dark: this.darkNow(), prefersDark: Boolean(this.scheme && this.scheme.matches) };
  }

  /** @param {boolean} split @returns {Promise<Entry>} */
  async pick(split) {
    const size = { w: devicePixels(split ? window.innerWidth / 2 : window.innerWidth), h: devicePixels(window.innerHeight) };
    const now = this.now(split);
    const wallpapers = [await fetchJson(pickUrl(this.options, size, now))];
    if (split) wallpapers.push(await fetchJson(pickUrl(this.options, size, now)));
    return { wallpapers, urls: wallpapers.map((w) => imageUrl(this.options, size, w)) };
  }

  /** Load `entry` into the back slide; an entry whose image is gone (deleted) is forgotten. @param {Entry} entry */
  async prepare(entry) {
    try {
      await timed(this.stage.prepare(entry));
    } catch (error) {
      if (this.upcoming === entry) this.upcoming = null;
      const at = this.history.indexOf(entry);
      if (at >= 0) {
        this.history.splice(at, 1);
        if (at <= this.position) this.position -= 1;
      }
      throw error instanceof Away ? error : new Away('the image could not be loaded');
    }
  }

  /** Show the next wallpaper: ahead in the history, else the fresh pick (fetched now if need be). */
  async next() {
    return this.move(async () => {
      if (this.position < this.history.length - 1) return this.history[this.position + 1];
      this.upcoming = this.upcoming || (await this.fetchEntry());
      return this.upcoming;
    });
  }

  /** Show the previous wallpaper again (from the browser's cache). */
  async previous() {
    if (this.position <= 0) return false;
    return this.move(async () => this.history[this.position - 1]);
  }

  /** Decode the chosen entry, then show it; a fresh one joins the history (HISTORY at most). A
   * failure keeps the wallpaper on screen and is reported. @param {() => Promise<Entry | undefined>} choose */
  async move(choose) {
    if (this.stopped) return false;
    try {
      const entry = /** @type {Entry} */ (await choose());
      await this.prepare(entry);
      if (entry === this.upcoming) this.upcoming = null;
      if (!this.history.includes(entry)) {
        this.history.push(entry);
        if (this.history.length > HISTORY) this.history.shift();
      }
      this.position = this.history.indexOf(entry);
      await this.show();
      return true;
    } catch (error) {
      this.failed(error);
      return false;
    }
  }

  async show() {
    await this.stage.reveal();
    const shown = /** @type {Entry} */ (this.stage.shown);
    this.changes += 1;
    // The browser keeps a timing entry per request (up to its buffer's size): weeks of changes need none.
    if (this.changes % 100 === 0 && typeof performance.clearResourceTimings === 'function') performance.clearResourceTimings();
    this.failures = 0;
    this.message.hide();
    this.info.show(shown.wallpapers);
    toggle('frame-dim', this.darkNow());
    this.schedule(this.options.interval * 1000);
    void this.enqueue(() => this.preload());
  }

  /** Fetch and decode what "next" will show, while the current one is on screen. */
  async preload() {
    try {
      const forward = this.position < this.history.length - 1;
      if (!forward && !this.upcoming) {
        const turns = this.turns;
        const entry = await this.fetchEntry();
        if (turns !== this.turns) return; // fetched for the shape the screen had before it turned
        this.upcoming = entry;
      }
      await this.prepare(forward ? this.history[this.position + 1] : /** @type {Entry} */ (this.upcoming));
    } catch (error) {
      // Said quietly; the change that is due tries again (with backoff while it fails).
      if (error instanceof Away) this.message.show(`${error.message}: trying again`, true);
    }
  }

  /** @param {unknown} error */
  failed(error) {
    const text = error instanceof Error ? error.message : String(error);
    if (error instanceof Refused) {
      this.stopped = true;
      clearTimeout(this.timer);
      this.message.show(text, false);
      return;
    }
    // Nothing on screen yet: the reason is the page. Otherwise the wallpaper stays and a quiet line says why.
    this.message.show(error instanceof Away ? `${text}: trying again` : text, this.stage.shown !== null);
    this.failures += 1;
    this.schedule(Math.min(MAX_BACKOFF_MS, 1000 * 2 ** (this.failures - 1)));
  }

  /** @param {number} ms */
  schedule(ms) {
    clearTimeout(this.timer);
    if (this.paused || this.stopped) return;
    this.timer = setTimeout(() => void this.enqueue(() => this.next()), ms);
  }

  togglePause() {
    this.paused = !this.paused;
    toggle('frame-paused', this.paused);
    if (this.paused) clearTimeout(this.timer);
    else this.schedule(this.options.interval * 1000);
  }

  start() {
    if (this.options.clock) startClock(this.options.clock);
    if (this.options.shift) startShift();
    setInterval(() => toggle('frame-dim', this.darkNow()), 60 * 1000);
    bindControls({
      next: () => this.enqueue(() => this.next()),
      previous: () => this.enqueue(() => this.previous()),
      togglePause: () => this.togglePause(),
      toggleInfo: () => this.info.toggle(),
      turned: () => {
        this.turns += 1;
        this.upcoming = null;
        void this.enqueue(() => this.next());
      },
    });
    void this.enqueue(() => this.next());
  }

  /** What the tests and the bench read. */
  state() {
    const shown = this.stage.shown;
    return {
      changes: this.changes,
      position: this.position,
      history: this.history.length,
      paused: this.paused,
      ids: shown ? shown.wallpapers.map((w) => w.id) : [],
      urls: shown ? shown.urls.slice() : [],
      preloaded: this.stage.ready !== null,
    };
  }
}

const message = new Message();
try {
  const frame = new Frame(parseOptions(location.search), message);
  /** @type {any} */ (window).wallpaperFrame = {
    next: () => frame.enqueue(() => frame.next()),
    previous: () => frame.enqueue(() => frame.previous()),
    togglePause: () => frame.togglePause(),
    state: () => frame.state(),
  };
  frame.start();
} catch (error) {
  message.show(error instanceof Error ? error.message : String(error), false);
}
