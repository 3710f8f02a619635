// Shared set-up for the gallery's browser tests: fixture images made with sharp (solid colours of
// known analysis, and colourful generated landscapes), the real `wallpaper serve` spawned on port 0
// with a temporary home, Debian's Chromium driven by playwright-core, and small page helpers.
// (tap also runs this file on its own and reports it as "no tests found": it has none.)
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import sharp, { type Sharp } from 'sharp';
import type { Wallpaper } from '../../src/core/types.js';
import { tempDir as fixtureTempDir } from '../helpers/fixtures.js';
import { startServe } from '../helpers/serve.js';
import { suiteDatabase } from '../helpers/backends.js';

export type { Wallpaper };

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** Screenshots for people to look at (git-ignored; CI may keep them). */
export const ARTIFACTS = join(ROOT, 'test-artifacts');
const CHROMIUM_PATH = '/usr/bin/chromium';
const INSTALL_HINT = 'apt-get install -y --no-install-recommends chromium';

/** What the tests need of tap's `t`. */
export interface TestLike {
  teardown(fn: () => void | Promise<void>): void;
  fail(message: string): unknown;
  plan(count: number, comment?: string): void;
}

/**
 * True when Chromium is there. Otherwise: in CI (CI set) a failure, since the browser tests must run
 * there; elsewhere the file is skipped with a message saying how to install it.
 */
export function haveChromium(t: TestLike): boolean {
  if (existsSync(CHROMIUM_PATH)) return true;
  if (process.env.CI) {
    t.fail(`Chromium is missing at ${CHROMIUM_PATH}; CI must install it: ${INSTALL_HINT}`);
  } else {
    t.plan(0, `browser tests skipped: Chromium not found at ${CHROMIUM_PATH}; install it with: ${INSTALL_HINT}`);
  }
  return false;
}

/** A fresh temporary folder, removed at teardown. */
export const tempDir = (t: TestLike, prefix = 'wallpaper-gallery-'): string => fixtureTempDir(t, prefix);

export type Format = 'jpeg' | 'png' | 'webp';

function encode(image: Sharp, format: Format): Promise<Buffer> {
  if (format === 'png') return image.png().toBuffer();
  if (format === 'webp') return image.webp({ quality: 90 }).toBuffer();
  return image.jpeg({ quality: 90 }).toBuffer();
}

/** Write a solid-colour image (its analysis is known exactly) and return its path. */
export async function writeSolid(path: string, width: number, height: number, colour: string, format: Format = 'jpeg'): Promise<string> {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, await encode(sharp({ create: { width, height, channels: 3, background: colour } }), format));
  return path;
}

export interface Palette {
  name: string;
  sky: [string, string];
  sun: string;
  hills: [string, string];
}

/** Colour schemes for generated landscapes: enough variety to make a gallery look like one. */
export const PALETTES: Palette[] = [
  { name: 'sunset', sky: ['#ffb36b', '#ff5e62'], sun: '#ffe8a8', hills: ['#b33a5b', '#5b1d4a'] },
  { name: 'ocean', sky: ['#7cc8ef', '#0b4f8a'], sun: '#f0fbff', hills: ['#1d6fa3', '#0a2f5c'] },
  { name: 'forest', sky: ['#c9ecb4', '#4c9a5b'], sun: '#fffbe0', hills: ['#2f7a45', '#14452a'] },
  { name: 'night', sky: ['#0b1030', '#2c2160'], sun: '#f4f1c9', hills: ['#1a1740', '#08081a'] },
  { name: 'desert', sky: ['#ffe0a8', '#f39c4a'], sun: '#fff6dd', hills: ['#d97b3a', '#a04d23'] },
  { name: 'aurora', sky: ['#0d3b4f', '#1fb5a3'], sun: '#c8fff1', hills: ['#0f5a5a', '#062b33'] },
  { name: 'rose', sky: ['#ffd9e3', '#e98ab0'], sun: '#fff4f8', hills: ['#c25b8a', '#7d2e5e'] },
  { name: 'lavender', sky: ['#e3d6ff', '#8a6fd8'], sun: '#ffffff', hills: ['#6a4fb5', '#3b2a73'] },
  { name: 'mint', sky: ['#e0fff3', '#7fdcc0'], sun: '#ffffff', hills: ['#3db59a', '#1d7a66'] },
  { name: 'storm', sky: ['#a9b2bd', '#4a5563'], sun: '#eceef1', hills: ['#374151', '#1f2937'] },
  { name: 'lemon', sky: ['#fff9c4', '#ffd23f'], sun: '#ffffff', hills: ['#f2a900', '#b37400'] },
  { name: 'crimson', sky: ['#ff8a80', '#b3122e'], sun: '#ffe0e0', hills: ['#7a0c1f', '#3d0610'] },
];

/** Aspect ratios to cycle through, as small pixel sizes (the grid cares about ratios, not pixels). */
const SHAPES: [number, number][] = [
  [480, 270], // 16:9
  [400, 300], // 4:3
  [560, 240], // 21:9 ultrawide
  [270, 480], // portrait
  [360, 360], // square
  [450, 300], // 3:2 custom
];

/** A tiny deterministic random source, so every run draws the same landscapes. */
function random(seed: number): () => number {
  let state = seed * 2654435761 + 1;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

function ridge(width: number, height: number, base: number, rough: number, next: () => number): string {
  const points: string[] = [`0,${height}`];
  const steps = 9;
  for (let i = 0; i <= steps; i += 1) {
    const x = (width * i) / steps;
    const y = height * (base + (next() - 0.5) * rough);
    points.push(`${x.toFixed(1)},${y.toFixed(1)}`);
  }
  points.push(`${width},${height}`);
  return points.join(' ');
}

/** SVG of a landscape: sky gradient, a glowing sun, two ranges of hills. */
function landscapeSvg(width: number, height: number, palette: Palette, seed: number): string {
  const next = random(seed);
  const sunX = width * (0.2 + next() * 0.6);
  const sunY = height * (0.2 + next() * 0.25);
  const r = Math.min(width, height) * (0.08 + next() * 0.06);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs>
<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${palette.sky[0]}"/><stop offset="1" stop-color="${palette.sky[1]}"/></linearGradient>
<radialGradient id="glow"><stop offset="0" stop-color="${palette.sun}" stop-opacity="0.9"/><stop offset="1" stop-color="${palette.sun}" stop-opacity="0"/></radialGradient>
</defs>
<rect width="100%" height="100%" fill="url(#sky)"/>
<circle cx="${sunX}" cy="${sunY}" r="${r * 3}" fill="url(#glow)"/>
<circle cx="${sunX}" cy="${sunY}" r="${r}" fill="${palette.sun}"/>
<polygon points="${ridge(width, height, 0.62, 0.22, next)}" fill="${palette.hills[0]}" opacity="0.85"/>
<polygon points="${ridge(width, height, 0.8, 0.16, next)}" fill="${palette.hills[1]}"/>
</svg>`;
}

/** Write a generated landscape image and return its path. */
export async function writeLandscape(
  path: string,
  width: number,
  height: number,
  palette: Palette,
  seed: number,
  format: Format = 'jpeg',
): Promise<string> {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, await encode(sharp(Buffer.from(landscapeSvg(width, height, palette, seed))), format));
  return path;
}

/**
 * `count` landscapes named `<prefix>-NN-<palette>.jpg`, cycling through palettes and shapes from
 * `offset`; `seed` varies the drawing (and so the ids, which order a batch scanned at once).
 */
export async function writeLandscapes(folder: string, count: number, prefix = 'scene', offset = 0, seed = 1): Promise<string[]> {
  const paths: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const k = i + offset;
    const palette = PALETTES[k % PALETTES.length] as Palette;
    const [width, height] = SHAPES[(k * 5) % SHAPES.length] as [number, number];
    const name = `${prefix}-${String(i + 1).padStart(2, '0')}-${palette.name}.jpg`;
    paths.push(await writeLandscape(join(folder, name), width, height, palette, k + seed));
  }
  return paths;
}

export interface Server {
  base: string;
  home: string;
  /** Everything the server wrote to stderr so far (for failure messages). */
  stderr(): string;
}

/**
 * The real `wallpaper serve` (the compiled dist/, so `npm run build` first) on a free port with a
 * temporary home (and, when the suite runs on PostgreSQL, a fresh database), once it prints
 * `Listening on http://HOST:PORT`; stopped at teardown.
 */
export async function startServer(
  t: TestLike,
  options: { folders: string[]; token?: string; home?: string; env?: NodeJS.ProcessEnv },
): Promise<Server> {
  const home = options.home ?? join(tempDir(t, 'wallpaper-gallery-home-'), 'home');
  const database = await suiteDatabase();
  const served = await startServe(t, {
    home,
    folders: options.folders,
    env: options.env ?? {},
    flags: ['--host', '127.0.0.1', ...(options.token ? ['--token', options.token] : []), ...(database ? ['--database', database] : [])],
  });
  return { base: served.base.replace(/\/$/, ''), home, stderr: () => served.output().stderr };
}

interface ListResponse {
  wallpapers: Wallpaper[];
  pagination: { total: number; page: number; limit: number; total_pages: number };
}

/** Every wallpaper matching a query, straight from the API (all pages). */
export async function apiAll(base: string, query = ''): Promise<Wallpaper[]> {
  const all: Wallpaper[] = [];
  for (let page = 1; ; page += 1) {
    const params = new URLSearchParams(query);
    params.set('page', String(page));
    params.set('limit', '200');
    const response = await fetch(`${base}/api/wallpapers?${params}`);
    if (response.status !== 200) throw new Error(`GET /api/wallpapers?${params} -> ${response.status}: ${await response.text()}`);
    const body = (await response.json()) as ListResponse;
    all.push(...body.wallpapers);
    if (page >= body.pagination.total_pages) return all;
  }
}

/** Wait until the background indexing has reached `total` wallpapers and ended. */
export async function waitForTotal(server: Server, total: number, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let seen = -1;
  while (Date.now() < deadline) {
    const response = await fetch(`${server.base}/api/wallpapers?limit=1`).catch(() => undefined);
    if (response?.status === 200) {
      seen = ((await response.json()) as ListResponse).pagination.total;
      // The scan's end too: the pairs, folder tags and titles are made after the last file is in.
      const status = seen === total ? await fetch(`${server.base}/api/status`).catch(() => undefined) : undefined;
      if (status?.status === 200 && !((await status.json()) as { scanning: boolean }).scanning) return;
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`the server indexed ${seen} wallpapers, expected ${total}\nstderr: ${server.stderr()}`);
}

/** Debian's Chromium, headless, closed at teardown. */
export async function launchBrowser(t: TestLike): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-quic',
      '--no-first-run',
      '--disable-sync',
    ],
  });
  t.teardown(() => browser.close());
  return browser;
}

/** Uncaught page errors and Content-Security-Policy violations: each one is a gallery bug. */
export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    const text = message.text();
    if (/Content Security Policy|Refused to/i.test(text)) problems.push(`CSP: ${text}`);
  });
  return problems;
}

/** Ids of the cards in the grid, in display order. */
export function cardIds(page: Page): Promise<string[]> {
  return page.$$eval('#grid a.card', (cards) => cards.map((card) => (card as HTMLElement).dataset.id ?? ''));
}

/** Scroll to the end of the grid until every matching wallpaper is loaded; returns the card ids. */
export async function loadAllCards(page: Page, total: number): Promise<string[]> {
  // A limit that only ends a hang (no more cards come), never a measure of the machine's speed.
  const deadline = Date.now() + 120_000;
  for (;;) {
    const ids = await cardIds(page);
    if (ids.length >= total) return ids;
    if (Date.now() > deadline) throw new Error(`only ${ids.length} of ${total} cards loaded`);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(100);
  }
}
