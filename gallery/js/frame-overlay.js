// @ts-check
// What the frame shows over the wallpaper: the clock (moved a little every few minutes against
// burn-in), the info (title, tags, author and source; never a server path), the paused badge and the one message line (an invalid
// parameter, or the server away). Text only ever enters as textContent. ES2018 only.

/** How often the clock moves, and how far (in vmin) at most. */
const CLOCK_MOVE_MS = 3 * 60 * 1000;
const CLOCK_DRIFT_VMIN = 4;

/** @param {string} id */
const element = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

/** `14:05` or `2:05 PM`. @param {Date} date @param {12 | 24} hours */
export function clockText(date, hours) {
  const minutes = String(date.getMinutes()).padStart(2, '0');
  if (hours === 24) return `${String(date.getHours()).padStart(2, '0')}:${minutes}`;
  const hour = date.getHours() % 12 || 12;
  return `${hour}:${minutes} ${date.getHours() < 12 ? 'AM' : 'PM'}`;
}

/** Start the clock in `#frame-clock`. @param {12 | 24} hours */
export function startClock(hours) {
  const clock = element('frame-clock');
  clock.hidden = false;
  const tick = () => {
    const text = clockText(new Date(), hours);
    if (clock.textContent !== text) clock.textContent = text;
  };
  const move = () => {
    const dx = -Math.round(Math.random() * CLOCK_DRIFT_VMIN * 10) / 10;
    const dy = -Math.round(Math.random() * CLOCK_DRIFT_VMIN * 10) / 10;
    clock.style.transform = `translate(${dx}vmin, ${dy}vmin)`;
  };
  tick();
  setInterval(tick, 1000);
  setInterval(move, CLOCK_MOVE_MS);
}

/**
 * Whom to credit: the author and the source a fetched wallpaper came from (docs/design.md#sources), e.g.
 * "by Ada Lovelace · photos (unsplash)"; empty for a wallpaper of the library's own folders. Never
 * its path or folder: a frame is a screen in a room, and the server's file system is nobody's
 * business there.
 * @param {any} w
 */
export function creditOf(w) {
  const source = w.source;
  if (!source || typeof source !== 'object') return '';
  const from = source.name ? (source.kind && source.kind !== source.name ? `${source.name} (${source.kind})` : String(source.name)) : '';
  return [source.author ? `by ${source.author}` : '', from].filter(Boolean).join(' · ');
}

export class Info {
  /** @param {boolean} visible */
  constructor(visible) {
    this.box = element('frame-info');
    this.title = element('frame-title');
    this.tags = element('frame-tags');
    this.source = element('frame-source');
    this.box.hidden = !visible;
  }

  toggle() {
    this.box.hidden = !this.box.hidden;
  }

  /** @param {import('./api.js').Wallpaper[]} wallpapers */
  show(wallpapers) {
    const titles = wallpapers.map((w) => /** @type {any} */ (w).title || w.filename);
    const tags = [];
    const sources = [];
    for (const w of wallpapers) {
      for (const tag of w.tags || []) if (tags.indexOf(tag) < 0) tags.push(tag);
      const credit = creditOf(w);
      if (credit && sources.indexOf(credit) < 0) sources.push(credit);
    }
    this.title.textContent = titles.join('  ·  ');
    this.tags.textContent = tags.map((tag) => `#${tag}`).join(' ');
    this.source.textContent = sources.join('  ·  ');
  }
}

export class Message {
  constructor() {
    this.line = element('frame-message');
  }

  /** One line over the page; `quiet` ones sit at the bottom (the wallpaper stays the subject). @param {string} text @param {boolean} quiet */
  show(text, quiet) {
    this.line.textContent = text;
    this.line.classList.toggle('quiet', quiet);
    this.line.hidden = false;
  }

  hide() {
    if (!this.line.hidden) this.line.hidden = true;
  }
}

/** The paused badge and the dimming of the dark hours. @param {string} id @param {boolean} on */
export function toggle(id, on) {
  const node = element(id);
  if (node.hidden === on) node.hidden = !on;
}
