// Helpers of the frame's browser suites: a library of solid wallpapers of known
// brightness and shape, a frame page opened at a screen size, and what the frame says it shows.
import { join } from 'node:path';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { type TestLike, launchBrowser, startServer, tempDir, waitForTotal, writeSolid } from './harness.js';

/** Light, medium and dark wallpapers, landscape and portrait: [name, width, height, colour]. */
export const FIXTURES: [string, number, number, string][] = [
  ['light-1.jpg', 1600, 900, '#f0e6c8'],
  ['light-2.jpg', 1600, 1000, '#d8ecf8'],
  ['light-tall.jpg', 900, 1600, '#f8d8e0'],
  ['medium-1.jpg', 1600, 900, '#a05050'],
  ['medium-tall.jpg', 900, 1600, '#5080a0'],
  ['dark-1.jpg', 1600, 900, '#141820'],
  ['dark-tall.jpg', 900, 1600, '#201418'],
];

export async function writeFixtures(folder: string): Promise<void> {
  for (const [name, width, height, colour] of FIXTURES) await writeSolid(join(folder, name), width, height, colour);
}

/** What each frame file starts with: FIXTURES in a library under a temporary root, served by the
 * real `wallpaper serve` once indexed, and Chromium. */
export async function frameSetup(t: TestLike) {
  const root = tempDir(t);
  const library = join(root, 'Wallpapers');
  await writeFixtures(library);
  const browser = await launchBrowser(t);
  const server = await startServer(t, { folders: [library] });
  await waitForTotal(server, FIXTURES.length);
  return { root, library, browser, server };
}

export interface FrameState {
  changes: number;
  position: number;
  history: number;
  paused: boolean;
  ids: string[];
  urls: string[];
  preloaded: boolean;
}

export interface OpenFrame {
  page: Page;
  /** Every URL the page asked for, path and query only. */
  requests: string[];
  close(): Promise<void>;
}

/** A phone at 3x, a tablet at 2x and a desktop: the screens the frame is driven on. */
export const SCREENS: Record<string, BrowserContextOptions> = {
  desktop: { viewport: { width: 1920, height: 1080 }, deviceScaleFactor: 1 },
  phone: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true },
  tablet: { viewport: { width: 820, height: 1180 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
};

/** Open `/frame?query` in a fresh context and wait for the first wallpaper on screen. */
export async function openFrame(
  browser: Browser,
  base: string,
  query: string,
  options: BrowserContextOptions = SCREENS.desktop!,
  waitFirst = true,
): Promise<OpenFrame> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url().slice(base.length)));
  await page.goto(`${base}/frame?${query}`);
  if (waitFirst) await untilChanges(page, 1);
  return { page, requests, close: () => context.close() };
}

export const frameState = (page: Page): Promise<FrameState> =>
  page.evaluate(() => (window as unknown as { wallpaperFrame: { state(): FrameState } }).wallpaperFrame.state());

/** Wait until the frame has made `count` changes in all. */
export async function untilChanges(page: Page, count: number, timeout = 15_000): Promise<FrameState> {
  await page.waitForFunction(
    (n) => {
      const frame = (window as unknown as { wallpaperFrame?: { state(): FrameState } }).wallpaperFrame;
      return frame !== undefined && frame.state().changes >= n;
    },
    count,
    { timeout, polling: 50 },
  );
  return frameState(page);
}

/** "Next" through the test hook (what the Right arrow does), resolved once it is on screen. */
export const next = (page: Page): Promise<boolean> =>
  page.evaluate(() => (window as unknown as { wallpaperFrame: { next(): Promise<boolean> } }).wallpaperFrame.next());
