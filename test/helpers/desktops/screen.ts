// Reading a real desktop's screen: a library of solid-colour wallpapers of known colours (made with
// sharp, scanned into a private wallpaper home), and the mean colour of a region well inside each
// monitor of a screenshot, named by the fixture colour it is within TOLERANCE of. Desktops fade new
// wallpapers in, so the checks poll for up to a few seconds.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { runCli } from '../cli.js';
import { writeImage } from '../fixtures.js';
import { eventually } from '../serve.js';
import type { Desktop } from './session.js';

/** Per channel, how far a screen region's mean may be from a fixture's colour (scaling, dithering). */
const TOLERANCE = 20;

export interface Fixture {
  name: string;
  colour: string;
  width: number;
  height: number;
}

/** Where a monitor is in the whole-desktop screenshot. */
export interface Place {
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Solid colours far apart (every pair differs by more than 2 x TOLERANCE in some channel), each
 * classified as its name says (light above luminance 0.6, dark below 0.35). */
const LANDSCAPE_LIGHT = ['#f0a0c0', '#a0f0f0', '#f0f0a0'];
export const LANDSCAPE_DARK = ['#802020', '#206020', '#202080', '#602080'];
const LANDSCAPE_MEDIUM = ['#909090', '#d07020'];
const PORTRAIT_LIGHT = ['#f0c070', '#c0f0a0'];
export const PORTRAIT_DARK = ['#104848', '#603010'];

/** Fixtures of `colours`, all `width`x`height`, named by a prefix and their colour. */
function fixtures(prefix: string, colours: readonly string[], width: number, height: number): Fixture[] {
  return colours.map((colour) => ({ name: `${prefix}-${colour.slice(1)}`, colour, width, height }));
}

/** The usual library: landscape and portrait, light and dark, sized for 1920x1080 and 1080x1920. */
export const MIXED: Fixture[] = [
  ...fixtures('wide-light', LANDSCAPE_LIGHT, 1920, 1080),
  ...fixtures('wide-dark', LANDSCAPE_DARK, 1920, 1080),
  ...fixtures('wide-medium', LANDSCAPE_MEDIUM, 1920, 1080),
  ...fixtures('tall-light', PORTRAIT_LIGHT, 1080, 1920),
  ...fixtures('tall-dark', PORTRAIT_DARK, 1080, 1920),
];

export interface Library {
  /** The wallpaper home (`--home`). */
  home: string;
  /** The fixture a path the CLI printed names. */
  fixtureOf(path: string): Fixture | undefined;
}

/** Write the fixtures as PNGs under `dir/walls`, scan them into `dir/wallpaper`. */
export async function makeLibrary(dir: string, list: readonly Fixture[]): Promise<Library> {
  const byPath = new Map<string, Fixture>();
  for (const fixture of list) {
    const path = await writeImage(join(dir, 'walls', `${fixture.name}.png`), { ...fixture, color: fixture.colour, format: 'png' });
    byPath.set(path, fixture);
  }
  const home = join(dir, 'wallpaper');
  const scan = await runCli(['--home', home, 'scan', join(dir, 'walls'), '--quiet'], { PATH: '/usr/bin:/bin' });
  if (scan.code !== 0) throw new Error(`scan failed: ${scan.stderr}`);
  return { home, fixtureOf: (path) => byPath.get(path.trim()) };
}

const rgb = (colour: string) => [1, 3, 5].map((at) => Number.parseInt(colour.slice(at, at + 2), 16));

/** The mean colour of the middle fifth of `place` (away from panels, icons and banners). */
async function regionMean(png: Buffer, place: Place): Promise<number[]> {
  const region = {
    left: Math.round(place.x + place.width * 0.4),
    top: Math.round(place.y + place.height * 0.4),
    width: Math.round(place.width / 5),
    height: Math.round(place.height / 5),
  };
  const { data, info } = await sharp(png).extract(region).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const sums = [0, 0, 0];
  for (let i = 0; i < data.length; i += info.channels) for (let c = 0; c < 3; c++) sums[c]! += data[i + c]!;
  const pixels = data.length / info.channels;
  return sums.map((sum) => Math.round(sum / pixels));
}

/** Whether the colour `seen` on the screen (`#rrggbb`) is `colour`, within TOLERANCE per channel. */
export const isColour = (seen: string, colour: string) => {
  const mean = rgb(seen);
  return rgb(colour).every((value, i) => Math.abs(value - mean[i]!) <= TOLERANCE);
};

/** What each place shows now: a screenshot's region means, as `#rrggbb`. */
export async function screenColours(desktop: Desktop, places: readonly Place[]): Promise<string[]> {
  const file = join(desktop.dir, 'shot.png');
  await desktop.screenshot(file);
  // Read as bytes: libvips caches decoded files by name, and the next shot reuses it.
  const png = readFileSync(file);
  const hex = (mean: number[]) => `#${mean.map((value) => value.toString(16).padStart(2, '0')).join('')}`;
  return Promise.all(places.map(async (place) => hex(await regionMean(png, place))));
}

/** Poll screenshots until every place shows its colour (`expected[i]` for `places[i]`), for up to
 * `ms`; what was seen last, for the assertion's message. */
export async function waitForScreen(
  desktop: Desktop,
  places: readonly Place[],
  expected: readonly string[],
  ms = 6000,
): Promise<{ ok: boolean; seen: string[] }> {
  let seen: string[] = [];
  const ok = await eventually(async () => {
    seen = await screenColours(desktop, places);
    return seen.every((mean, i) => isColour(mean, expected[i]!));
  }, ms);
  return { ok, seen };
}

/** `NAME<TAB>PATH` lines (or a bare path) as [name, path] pairs. */
export function reported(stdout: string): [string, string][] {
  return stdout
    .trim()
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => (line.includes('\t') ? (line.split('\t', 2) as [string, string]) : ['', line]));
}
