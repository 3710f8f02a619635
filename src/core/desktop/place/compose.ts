// Images made for the desktop from picks, with sharp, attention-cropped like the variants:
// `--fit` (an image whose aspect differs from its monitor's by more than 2% becomes a cover crop at
// the monitor's size, in the cache home) and `--span` (one image the size of the whole desktop, each
// monitor's pick cropped into its place, in the data home, for desktops that only span), and
// renditions (docs/design.md#every-format: a JPEG XL, HEIC, SVG... made PNG or JPEG, at least the monitor's size,
// in the cache home's renditions/, for setters that show only what every desktop shows). Any indexed
// format is read through the formats room. Old outputs are pruned, keeping the newest, so a timer
// every half hour fills no disk.
import { mkdir, readFile, readdir, rename, rm, stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { decodeImage, probeImage, shownEverywhere } from '../../formats/index.js';
import type { Monitor } from '../monitors/index.js';

/** Aspect difference beyond which `--fit` crops. */
export const FIT_TOLERANCE = 0.02;
/** Outputs kept per folder: those set now and a few before them. */
const KEEP = 16;

const FORMATS: Record<string, 'jpeg' | 'png' | 'webp'> = { '.jpg': 'jpeg', '.jpeg': 'jpeg', '.png': 'png', '.webp': 'webp' };

/** Any indexed file as a sharp pipeline, an SVG drawn at `scale` of its own size. */
async function open(file: string, scale?: (width: number, height: number) => number, image?: number): Promise<Sharp> {
  const bytes = await readFile(file);
  const probe = await probeImage(bytes);
  return (
    await decodeImage(bytes, probe, { scale: scale?.(probe.width, probe.height) ?? 1, ...(image === undefined ? {} : { image }) })
  ).rotate();
}

const cover = async (file: string, monitor: Monitor) =>
  (await open(file, (width, height) => Math.max(monitor.width / width, monitor.height / height))).resize(monitor.width, monitor.height, {
    fit: 'cover',
    position: sharp.strategy.attention,
  });

/** Drawings and flat colours become PNG (sharp edges, transparency), photos JPEG. */
const PNG_RENDITIONS = new Set(['.svg', '.gif', '.bmp']);

/**
 * `file` itself when every desktop shows its format, else a rendition in `dir` (made once per size):
 * PNG or JPEG at the file's own size, enlarged to cover `monitor` when smaller (an SVG is drawn at
 * that size, not scaled up). `image`: a HEIC's image by index (a dynamic wallpaper's frame for now).
 */
export async function renditionFor(
  file: string,
  size: { id: string; width: number; height: number },
  monitor: Monitor | undefined,
  dir: string,
  image?: number,
): Promise<string> {
  const ext = extname(file).toLowerCase();
  if (shownEverywhere(file) && image === undefined) return file;
  const scale = monitor ? Math.max(1, monitor.width / size.width, monitor.height / size.height) : 1;
  const width = Math.round(size.width * scale);
  const height = Math.round(size.height * scale);
  const png = PNG_RENDITIONS.has(ext);
  const out = join(dir, `${size.id}-${width}x${height}.${png ? 'png' : 'jpg'}`);
  if (await stat(out).catch(() => undefined)) return out;
  await mkdir(dir, { recursive: true });
  const temp = `${out}.${process.pid}.tmp`;
  const drawn = (await open(file, () => scale, image)).resize(width, height, { fit: 'fill' });
  await (png ? drawn.png() : drawn.jpeg({ quality: 92 })).toFile(temp);
  await rename(temp, out);
  await prune(dir);
  return out;
}

/** Remove all but the newest KEEP files of `dir`. */
async function prune(dir: string): Promise<void> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const dated = await Promise.all(
    names.map(async (name) => ({ name, at: (await stat(join(dir, name)).catch(() => undefined))?.mtimeMs ?? 0 })),
  );
  dated.sort((a, b) => b.at - a.at);
  await Promise.all(dated.slice(KEEP).map(({ name }) => rm(join(dir, name), { force: true })));
}

/** `file` itself when its aspect is within FIT_TOLERANCE of the monitor's, else a cover crop at the
 * monitor's size in `dir` (named by `id`, so it is made once). */
export async function fitToMonitor(
  file: string,
  size: { id: string; width: number; height: number },
  monitor: Monitor,
  dir: string,
): Promise<string> {
  const aspect = size.width / size.height;
  const wanted = monitor.width / monitor.height;
  if (Math.abs(aspect - wanted) / wanted <= FIT_TOLERANCE) return file;
  const ext = FORMATS[extname(file).toLowerCase()] ? extname(file).toLowerCase() : '.jpg';
  const out = join(dir, `${size.id}-${monitor.width}x${monitor.height}${ext}`);
  if (await stat(out).catch(() => undefined)) return out;
  await mkdir(dir, { recursive: true });
  const temp = `${out}.${process.pid}.tmp`;
  await (await cover(file, monitor)).toFormat(FORMATS[ext] ?? 'jpeg', { quality: 92 }).toFile(temp);
  await rename(temp, out);
  await prune(dir);
  return out;
}

/** One image covering the monitors' bounding box, each pick cropped into its monitor's place; a new
 * file each time (desktops cache by name). */
export async function spanComposite(picks: readonly { monitor: Monitor; file: string }[], dir: string): Promise<string> {
  const left = Math.min(...picks.map(({ monitor }) => monitor.x));
  const top = Math.min(...picks.map(({ monitor }) => monitor.y));
  const width = Math.max(...picks.map(({ monitor }) => monitor.x + monitor.width)) - left;
  const height = Math.max(...picks.map(({ monitor }) => monitor.y + monitor.height)) - top;
  const layers = await Promise.all(
    picks.map(async ({ monitor, file }) => ({
      input: await (await cover(file, monitor)).png().toBuffer(),
      left: monitor.x - left,
      top: monitor.y - top,
    })),
  );
  await mkdir(dir, { recursive: true });
  const out = join(dir, `span-${Date.now()}-${width}x${height}.jpg`);
  await sharp({ create: { width, height, channels: 3, background: '#000000' }, limitInputPixels: false })
    .composite(layers)
    .jpeg({ quality: 92 })
    .toFile(out);
  await prune(dir);
  return out;
}
