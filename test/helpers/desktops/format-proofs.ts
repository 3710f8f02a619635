// The formats no desktop is sure to show (docs/design.md#every-format), proven on each real desktop in
// its own suite, on the session that suite already started: `random --set --format F` of a JPEG XL
// (cjxl), a HEIC (heif-enc) and an SVG, each a solid colour, reports the file's own path, leaves a
// rendition (PNG or JPEG) in the cache home's renditions/, and the screenshot shows the colour on
// every monitor. A desktop that was handed the file itself (GNOME without a JPEG XL pixbuf loader,
// feh, swaybg) would show nothing or keep the previous colour.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Test } from 'tap';
import type { CliResult } from '../cli.js';
import { heifEnc, requireEncoders } from '../formats.js';
import { wallpaperIn } from './cli.js';
import { type Place, waitForScreen } from './screen.js';
import type { Desktop } from './session.js';

/** One picture per format, in colours far from every other suite fixture and from each other. */
export const FORMAT_PROOFS = [
  { ext: 'jxl', colour: '#e04010', rendition: 'jpg' },
  { ext: 'heic', colour: '#10a0e0', rendition: 'jpg' },
  { ext: 'svg', colour: '#a0e020', rendition: 'png' },
] as const;

/** What a proof needs of a suite: its folder, how it runs the CLI in the session on the wallpaper
 * home `home` (`wallpaper --home HOME ARGS`), and how it reads the screen (whether every monitor
 * shows `colour`, and what it saw). */
export interface ProofSession {
  dir: string;
  home: string;
  run(args: readonly string[]): Promise<CliResult>;
  look(colour: string): Promise<{ ok: boolean; seen: string[] }>;
}

interface Shown {
  id: string;
  path: string;
}

const rgb = (colour: string) => [1, 3, 5].map((at) => Number.parseInt(colour.slice(at, at + 2), 16)) as [number, number, number];

/** Where the encoded pictures are kept between suites: the seven desktop suites run one after
 * another in one CI job, and each encoding (cjxl lossless, heif-enc lossless 4:4:4) costs seconds of
 * a core that the desktop under test needs. Named by what makes them, so a change makes new ones. */
const MADE = join(tmpdir(), `wallpaper-format-proofs-${FORMAT_PROOFS.map((p) => p.colour.slice(1)).join('-')}-1920x1080`);

/** A picture of `colour` in format `ext` (1920x1080), encoded once per machine (see MADE). */
async function madePicture(ext: 'jxl' | 'heic', colour: string): Promise<string> {
  const made = join(MADE, `proof.${ext}`);
  if (existsSync(made)) return made;
  mkdirSync(MADE, { recursive: true });
  const [r, g, b] = rgb(colour);
  const png = join(MADE, `proof-${ext}.${process.pid}.png`);
  await sharp({ create: { width: 1920, height: 1080, channels: 3, background: { r, g, b } } })
    .png()
    .toFile(png);
  // Encoded beside, then renamed: a suite never copies half a file.
  const partial = join(MADE, `proof.${process.pid}.${ext}`);
  if (ext === 'jxl') execFileSync('cjxl', [png, partial, '-d', '0', '--quiet'], { stdio: 'pipe' });
  else heifEnc([png], partial);
  renameSync(partial, made);
  return made;
}

/** The three pictures (1920x1080) under `dir/walls`. */
async function writePictures(dir: string): Promise<Map<string, string>> {
  const walls = join(dir, 'walls');
  mkdirSync(walls, { recursive: true });
  const paths = new Map<string, string>();
  for (const { ext, colour } of FORMAT_PROOFS) {
    const path = join(walls, `proof.${ext}`);
    if (ext === 'svg') {
      writeFileSync(
        path,
        `<svg xmlns="http://www.w3.org/2000/svg" width="1920" height="1080"><rect width="100%" height="100%" fill="${colour}"/></svg>`,
      );
    } else {
      copyFileSync(await madePicture(ext, colour), path);
    }
    paths.set(ext, path);
  }
  return paths;
}

/** Every file under `dir` in a folder named renditions, by name. */
function renditions(dir: string): string[] {
  const found: string[] = [];
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      if (entry.name === 'renditions') found.push(...readdirSync(join(at, entry.name)));
      else walk(join(at, entry.name));
    }
  };
  walk(dir);
  return found;
}

/** The proof itself, inside a test of the suite. */
export async function proveFormats(t: Test, session: ProofSession): Promise<void> {
  if (!requireEncoders(t)) return;
  const paths = await writePictures(session.dir);
  const scan = await session.run(['scan', join(session.dir, 'walls'), '--quiet']);
  t.equal(scan.code, 0, `scan: exit 0 ${scan.stderr}`);
  for (const { ext, colour, rendition } of FORMAT_PROOFS) {
    const result = await session.run(['random', '--set', '--format', ext, '--json']);
    t.equal(result.code, 0, `${ext}: exit 0 ${result.stderr}`);
    // docs/design.md#what-a-change-reports: one Wallpaper when one went everywhere, else {monitor, slot, wallpaper} each.
    const json = result.code === 0 ? (JSON.parse(result.stdout) as Shown | { wallpaper: Shown }[]) : [];
    const shown = Array.isArray(json) ? json.map((entry) => entry.wallpaper) : [json];
    t.ok(shown.length > 0 && shown.every((w) => w.path === paths.get(ext)), `${ext}: reports the file's own path`, {
      printed: result.stdout.slice(0, 300),
    });
    const id = shown[0]?.id ?? '?';
    t.ok(
      renditions(session.home).some((name) => name.startsWith(id) && name.endsWith(`.${rendition}`)),
      `${ext}: the setter was given a ${rendition} rendition`,
    );
    const screen = await session.look(colour);
    t.ok(screen.ok, `${ext}: every monitor shows ${colour} (seen ${screen.seen.join(', ')})`);
  }
}

/** The proof as one test of a suite whose desktop is a Desktop (places: its monitors in the
 * screenshot, or a function giving them once the suite has read them). */
export function formatProofCases(t: Test, desktop: Desktop, places: readonly Place[] | (() => readonly Place[]), ms = 10_000): void {
  const dir = join(desktop.dir, 'format-proofs');
  const home = join(dir, 'home');
  t.test('random --set of a JPEG XL, a HEIC and an SVG: on screen through a rendition', (t) =>
    proveFormats(t, {
      dir,
      home,
      run: (args) => wallpaperIn(desktop, home, args),
      look: (colour) => {
        const at = typeof places === 'function' ? places() : places;
        return waitForScreen(
          desktop,
          at,
          at.map(() => colour),
          ms,
        );
      },
    }),
  );
}
