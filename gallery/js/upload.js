// @ts-check
// Uploads: files dropped anywhere on the page or chosen with the picker go to POST /api/upload, one
// request per file (a refused file then refuses only itself), a few at a time, each with a progress
// bar in the upload tray and the server's own message when it is refused.

import { uploadFile } from './api.js';
import { byId, h } from './dom.js';
import { UPLOAD_ACCEPT } from './formats.js';

/** @typedef {import('./api.js').Wallpaper} Wallpaper */

/** Parallel uploads: enough to hide per-request latency, few enough to keep the server responsive. */
const CONCURRENCY = 3;
/** The tray hides itself this long after a batch in which every file went through. */
const TRAY_LINGER_MS = 6000;

/**
 * @typedef {object} UploaderOptions
 * @property {(wallpapers: Wallpaper[]) => { added: number }} onUploaded  put them in the grid; returns how many were new there
 * @property {() => void} onBatchDone  every queued file is finished
 */

export class Uploader {
  /** @param {UploaderOptions} options */
  constructor(options) {
    this.options = options;
    this.tray = byId('uploads');
    this.list = byId('uploads-list');
    this.title = byId('uploads-title');
    this.input = byId('upload-input', HTMLInputElement);
    // Every format the server indexes, from the one list the gallery keeps (formats.js).
    this.input.accept = UPLOAD_ACCEPT;
    this.overlay = byId('drop-overlay');
    /** @type {{ file: File, item: HTMLElement, bar: HTMLProgressElement, status: HTMLElement }[]} */
    this.queue = [];
    this.running = 0;
    this.done = 0;
    this.failed = 0;
    this.total = 0;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.linger = undefined;

    byId('uploads-close').addEventListener('click', () => this.closeTray());
    this.input.addEventListener('change', () => {
      if (this.input.files) this.add([...this.input.files]);
      this.input.value = ''; // choosing the same file again fires change again
    });
    this.listenForDrops();
  }

  pick() {
    this.input.click();
  }

  /** Queue files for upload. @param {File[]} files */
  add(files) {
    if (files.length === 0) return;
    clearTimeout(this.linger);
    if (this.running === 0 && this.queue.length === 0) {
      // A new batch: forget the finished rows of the previous one, keep its failures visible.
      for (const row of [...this.list.children]) if (!row.classList.contains('failed')) row.remove();
      this.done = 0;
      this.failed = 0;
      this.total = 0;
    }
    for (const file of files) {
      const bar = /** @type {HTMLProgressElement} */ (
        h('progress', { max: '1', value: '0', 'aria-label': `Upload progress of ${file.name}` })
      );
      const status = h('span', { class: 'upload-status', text: 'Waiting…' });
      const item = h('li', { class: 'upload' }, h('span', { class: 'upload-name', text: file.name }), status, bar);
      this.list.append(item);
      this.queue.push({ file, item, bar, status });
      this.total += 1;
    }
    this.tray.hidden = false;
    this.updateTitle();
    this.pump();
  }

  pump() {
    while (this.running < CONCURRENCY && this.queue.length > 0) {
      const job = /** @type {(typeof this.queue)[number]} */ (this.queue.shift());
      this.running += 1;
      void this.run(job).finally(() => {
        this.running -= 1;
        this.updateTitle();
        if (this.running === 0 && this.queue.length === 0) this.finishBatch();
        else this.pump();
      });
    }
  }

  /** @param {(typeof this.queue)[number]} job */
  async run({ file, item, bar, status }) {
    item.classList.add('active');
    status.textContent = 'Uploading…';
    try {
      const wallpapers = await uploadFile(file, (fraction) => {
        bar.value = fraction;
        status.textContent = fraction >= 1 ? 'Analysing…' : `${Math.round(fraction * 100)}%`;
      });
      bar.value = 1;
      const { added } = this.options.onUploaded(wallpapers);
      status.textContent = added > 0 ? 'Added' : 'Already in the library';
      item.classList.add('succeeded');
      this.done += 1;
    } catch (error) {
      item.classList.add('failed');
      status.textContent = error instanceof Error ? error.message : String(error);
      status.setAttribute('role', 'alert');
      this.failed += 1;
    } finally {
      item.classList.remove('active');
    }
  }

  updateTitle() {
    const finished = this.done + this.failed;
    if (finished < this.total) this.title.textContent = `Uploading ${finished + 1} of ${this.total}…`;
    else if (this.failed === 0) this.title.textContent = `${this.done} uploaded`;
    else this.title.textContent = `${this.done} uploaded, ${this.failed} refused`;
  }

  finishBatch() {
    this.options.onBatchDone();
    if (this.failed === 0) this.linger = setTimeout(() => this.closeTray(), TRAY_LINGER_MS);
  }

  closeTray() {
    clearTimeout(this.linger);
    this.tray.hidden = true;
    if (this.running === 0 && this.queue.length === 0) this.list.replaceChildren();
  }

  listenForDrops() {
    let depth = 0; // dragenter/dragleave fire for every child crossed: count them
    /** @param {DragEvent} event */
    const hasFiles = (event) => Boolean(event.dataTransfer && [...event.dataTransfer.types].includes('Files'));
    document.addEventListener('dragenter', (event) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      depth += 1;
      this.overlay.hidden = false;
    });
    document.addEventListener('dragover', (event) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
    });
    document.addEventListener('dragleave', (event) => {
      if (!hasFiles(event)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) this.overlay.hidden = true;
    });
    document.addEventListener('drop', (event) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      depth = 0;
      this.overlay.hidden = true;
      const files = [...(event.dataTransfer?.files ?? [])].filter((file) => file.size > 0 || file.type !== '');
      this.add(files);
    });
  }
}
