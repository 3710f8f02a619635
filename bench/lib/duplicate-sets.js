// The three sets near-duplicate search must be right on at once, made once and cached
// under bench/.corpus (file names say the truth):
// (a) transformed real wallpapers: every distinct picture of Debian's wallpaper packages (or of
//     `--corpus DIR`), at most 1920 wide, and its copies: resized, re-encoded, converted, cropped
//     up to 10% (five kinds, two a picture), letterboxed and pillarboxed (three bar colours);
// (b) Debian's packages as shipped: the designer gradings, light/dark and orientation versions
//     are other pictures; the only duplicates are the sizes of one design for one screen (with
//     desktop-base's SVG themes: each theme drawn for 4:3, 5:4, 16:10, 16:9 and 21:9,
//     whose sizes for one shape are one group and whose shapes are never one);
// (c) generated hard negatives, all distinct: near-black fields, noise, star fields, gradients,
//     from a seeded generator (never sharp's own noise, which is random on every run).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { mapLimit, seededRandom } from './util.js';

const RECIPE_VERSION = 1;
const DEBIAN = fileURLToPath(new URL('../../test-artifacts/debian-wallpapers/', import.meta.url));
const PACKAGES = [
  'gnome-backgrounds',
  'plasma-workspace-wallpapers',
  'mate-backgrounds',
  'sway-backgrounds',
  'xfdesktop4-data',
  'ukui-wallpapers',
  'lomiri-wallpapers',
  'desktop-base',
];

/** Debian 12's packages unpacked as test/helpers/debian-wallpapers.ts does (the same cache). */
export function debianRoot(log) {
  const root = join(DEBIAN, 'root');
  if (existsSync(join(DEBIAN, 'ready-2'))) return root;
  log('downloading Debian 12 wallpaper packages (apt-get download; once)');
  const debs = join(DEBIAN, 'debs');
  rmSync(DEBIAN, { recursive: true, force: true });
  mkdirSync(debs, { recursive: true });
  execFileSync('apt-get', ['download', ...PACKAGES], { cwd: debs, stdio: 'pipe' });
  for (const deb of readdirSync(debs)) execFileSync('dpkg-deb', ['-x', join(debs, deb), root]);
  rmSync(debs, { recursive: true, force: true });
  writeFileSync(join(DEBIAN, 'ready-2'), `${PACKAGES.join('\n')}\n`);
  return root;
}

/** desktop-base's themes' wallpaper and lock screen folders (each `contents/images/WIDTHxHEIGHT.svg`), under `root`. */
export function desktopBaseThemes(root) {
  const base = join(root, 'usr', 'share', 'desktop-base');
  return readdirSync(base)
    .filter((theme) => theme.endsWith('-theme'))
    .flatMap((theme) =>
      readdirSync(join(base, theme))
        .filter((kind) => kind.startsWith('wallpaper') || kind === 'lockscreen')
        .map((kind) => join(base, theme, kind)),
    )
    .sort();
}

/** A desktop-base file's true group: its theme's folder (wallpaper, wallpaper-withlogo, lockscreen:
 * each its own drawing) and its screen shape (the size in its name,
 * as a ratio to two decimals: 1280x720 and 5120x2880 are one shape, 1920x1200 another). Read from
 * the real path: `usr/share/wallpapers/Emerald` is a link to the theme's wallpaper folder, and a
 * wallpaper's path may be the link's. */
export function desktopBaseGroup(path) {
  const size = /\/([^/]+-theme\/(?:wallpaper[^/]*|lockscreen))\/contents\/images\/(\d+)x(\d+)\.svg$/.exec(path);
  if (!size) return undefined;
  const [, folder, width, height] = size;
  if (OWN_LAYOUTS.some((own) => `${folder}/${width}x${height}`.startsWith(own))) return `${folder} ${width}x${height}`;
  return `${folder} ${(Number(width) / Number(height)).toFixed(2)}`;
}

/** desktop-base sizes judged by eye to be pictures of their own: homeworld draws its
 * motif at one pixel size, so each screen size frames it differently (large on 1920x1080, small on
 * 3840x2160: aligned levels 0.60-0.90); joy's 1280x720 wallpaper puts the swirl in a corner. */
const OWN_LAYOUTS = ['homeworld-theme/', 'joy-theme/wallpaper/1280x720'];

/** desktopBaseGroup of a path as found (through any link). */
export function desktopBaseGroupOf(path) {
  return desktopBaseGroup(realpathSync(path));
}

/** Set (b)'s true groups, judged by eye (bench/RESULTS.md): one design's sizes for one screen. */
export const DEBIAN_GROUPS = [
  ['Sway_Wallpaper_Blue_1136x640.png', 'Sway_Wallpaper_Blue_1366x768.png', 'Sway_Wallpaper_Blue_1920x1080.png'],
  ['Sway_Wallpaper_Blue_2048x1536.png', 'Sway_Wallpaper_Blue_768x1024.png'],
  ['Sway_Wallpaper_Blue_2048x1536_Portrait.png', 'Sway_Wallpaper_Blue_768x1024_Portrait.png'],
  ['Elephants.jpg', 'Elephants_3840x2160.jpg', 'Elephants_5640x3172.jpg'],
];

const IMAGE = /\.(jpe?g|png|webp)$/i;

/** Every image file of the packages (no links, no package previews), by path under `root`. */
export function debianFiles(root) {
  const files = [];
  const visit = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (entry.isFile() && IMAGE.test(entry.name) && !/\/contents\/screenshot\./.test(path)) files.push(path);
    }
  };
  for (const top of ['usr/share/backgrounds', 'usr/share/wallpapers']) visit(join(root, top));
  return files.sort();
}

/** One file per distinct picture: the others of a true group and GNOME's flat `vnc` are left out
 * (a near-uniform picture is never grouped, by design). */
const distinctPictures = (files) => {
  const others = new Set(DEBIAN_GROUPS.flatMap((group) => group.slice(1)));
  return files.filter((path) => !others.has(path.split('/').at(-1)) && !/\/vnc-[ld]\./.test(path));
};

const size = async (bytes) => sharp(bytes).metadata();
const crop = (fl, ft, fr, fb) => async (b) => {
  const { width, height } = await size(b);
  const [left, top] = [Math.round(width * fl), Math.round(height * ft)];
  const box = { left, top, width: width - left - Math.round(width * fr), height: height - top - Math.round(height * fb) };
  return sharp(b).extract(box).jpeg({ quality: 90 }).toBuffer();
};
const bars = (vertical, colour) => async (b) => {
  const { width, height } = await size(b);
  const bar = Math.round((vertical ? height : width) * 0.06);
  const sides = vertical ? { top: bar, bottom: bar } : { left: bar, right: bar };
  return sharp(b)
    .extend({ ...sides, background: colour })
    .jpeg({ quality: 90 })
    .toBuffer();
};
/** The copies every original gets: name -> edit. */
const EDITS = {
  resize50: async (b) =>
    sharp(b)
      .resize({ width: Math.round((await size(b)).width / 2) })
      .jpeg({ quality: 90 })
      .toBuffer(),
  resize25: async (b) =>
    sharp(b)
      .resize({ width: Math.round((await size(b)).width / 4) })
      .webp({ quality: 85 })
      .toBuffer(),
  reencode: (b) => sharp(b).jpeg({ quality: 60 }).toBuffer(),
  format: (b) => sharp(b).webp({ quality: 80 }).toBuffer(),
};
/** Crops and bars rotate through these kinds (two crops and two bars a picture). */
const CROPS = {
  crop5each: crop(0.05, 0.05, 0.05, 0.05),
  crop10left: crop(0.1, 0, 0, 0),
  crop8corner: crop(0, 0, 0.08, 0.08),
  crop10top: crop(0, 0.1, 0, 0),
  crop6right7bottom: crop(0, 0, 0.06, 0.07),
};
/** The crops that change the screen shape (the ratio by 1/0.9): another screen's picture, never a
 * duplicate of their original; the others keep the shape within rounding. */
export const OTHER_SHAPE_EDITS = ['crop10left', 'crop10top'];
const BARS = {
  'letterbox-black': bars(true, '#000000'),
  'pillarbox-black': bars(false, '#000000'),
  'letterbox-grey': bars(true, '#202020'),
  'pillarbox-white': bars(false, '#ffffff'),
};
/** The transform class of an edit's name, for recall per transform. */
export const transformOf = (edit) =>
  edit.startsWith('resize') ? 'resize' : edit.startsWith('crop') ? 'crop' : /box/.test(edit) ? 'letterbox' : edit;

/** Set (a)'s folder: `aNNN-original.png` and `aNNN-EDIT.ext`. */
export async function transformedSet(root, log, debian, corpus) {
  const sources = corpus ? corpus.files.map((f) => f.path) : distinctPictures(debianFiles(debian));
  const dir = join(root, corpus ? 'dups-a-corpus' : 'dups-a');
  // Paths relative to the packages' root, so a copy of the bench elsewhere shares the cached set.
  const manifest = JSON.stringify({ version: RECIPE_VERSION, sources: sources.map((path) => relative(debian, path)) });
  if (existsSync(join(dir, 'manifest.json')) && readFileSync(join(dir, 'manifest.json'), 'utf8') === manifest) return dir;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  log(`making set (a), ${sources.length} real wallpapers and their copies, in ${dir} (once; cached)`);
  const cropKinds = Object.entries(CROPS);
  const barKinds = Object.entries(BARS);
  await mapLimit(sources, 2, async (path, i) => {
    const original = await sharp(readFileSync(path)).resize({ width: 1920, withoutEnlargement: true }).png().toBuffer();
    const a = `a${String(i).padStart(3, '0')}`;
    writeFileSync(join(dir, `${a}-original.png`), original);
    const edits = [
      ...Object.entries(EDITS),
      cropKinds[i % cropKinds.length],
      cropKinds[(i + 2) % cropKinds.length],
      barKinds[i % barKinds.length],
      barKinds[(i + 1) % barKinds.length],
    ];
    for (const [name, edit] of edits) {
      const bytes = await edit(original);
      const ext = (await size(bytes)).format === 'jpeg' ? 'jpg' : (await size(bytes)).format;
      writeFileSync(join(dir, `${a}-${name}.${ext}`), bytes);
    }
  });
  writeFileSync(join(dir, 'manifest.json'), manifest);
  return dir;
}

const HARD = { nearblack: 210, noise: 30, stars: 30, gradient: 30 };
const W = 1280;
const H = 720;

/** Raw RGB of a seeded picture of each kind. */
async function hardNegative(kind, i) {
  const random = seededRandom(7000 + i * 31 + kind.length * 100_003);
  const raw = Buffer.alloc(W * H * 3);
  if (kind === 'nearblack') {
    // A dark sky, faint glows and shapes at 1-9% lightness, and a faint grain: each a different
    // faint structure (SVG and this generator are deterministic; sharp's own noise is not).
    const colour = () => `hsl(${Math.floor(random() * 360)}, ${20 + Math.floor(random() * 60)}%, ${1 + Math.floor(random() * 8)}%)`;
    const shapes = Array.from({ length: 6 }, () => {
      const [x, y, r] = [random() * W, random() * H, (0.05 + random() * 0.3) * W];
      return random() < 0.5
        ? `<circle cx="${x}" cy="${y}" r="${r}" fill="${colour()}" opacity="0.8"/>`
        : `<rect x="${x}" y="${y}" width="${r}" height="${r * 0.6}" fill="${colour()}" transform="rotate(${Math.floor(random() * 90)} ${x} ${y})"/>`;
    }).join('');
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><defs><linearGradient id="g" x1="0" y1="0" x2="${random().toFixed(2)}" y2="1"><stop offset="0" stop-color="${colour()}"/><stop offset="1" stop-color="${colour()}"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>${shapes}</svg>`;
    const picture = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer();
    for (let p = 0; p < picture.length; p++) picture[p] = Math.max(0, Math.min(255, picture[p] + Math.round((random() - 0.5) * 4)));
    return picture;
  }
  if (kind === 'noise') {
    const [mean, spread, tint] = [40 + random() * 170, 10 + random() * 80, random() < 0.5];
    const hue = [random(), random(), random()];
    for (let p = 0; p < W * H; p++) {
      const v = mean + (random() - 0.5) * 2 * spread;
      for (let c = 0; c < 3; c++) raw[p * 3 + c] = Math.max(0, Math.min(255, tint ? v * (0.6 + 0.8 * hue[c]) : v));
    }
    return raw;
  }
  if (kind === 'stars') {
    const count = 200 + Math.floor(random() * 1500);
    for (let s = 0; s < count; s++) {
      const [x, y, r] = [Math.floor(random() * W), Math.floor(random() * H), random() < 0.9 ? 1 : 2];
      const v = 120 + Math.floor(random() * 135);
      for (let dy = 0; dy < r; dy++)
        for (let dx = 0; dx < r; dx++)
          raw.fill(v, ((y + dy) % H) * W * 3 + ((x + dx) % W) * 3, ((y + dy) % H) * W * 3 + ((x + dx) % W) * 3 + 3);
    }
    return raw;
  }
  // Gradients: two colours far apart on the hue circle, each picture its own pair and angle.
  const hue = (i * 360) / HARD.gradient;
  const from = hsl(hue, 0.7, 0.25 + 0.4 * random());
  const to = hsl(hue + 120 + 120 * random(), 0.7, 0.25 + 0.4 * random());
  const angle = (i * 137.5 * Math.PI) / 180;
  const [dx, dy] = [Math.cos(angle), Math.sin(angle)];
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const t = Math.max(0, Math.min(1, 0.5 + ((x / W - 0.5) * dx + (y / H - 0.5) * dy)));
      for (let c = 0; c < 3; c++) raw[(y * W + x) * 3 + c] = from[c] + (to[c] - from[c]) * t;
    }
  return raw;
}

function hsl(h, s, l) {
  const f = (n) => {
    const k = (n + h / 30) % 12;
    return 255 * (l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k - 3, 9 - k, 1)));
  };
  return [f(0), f(8), f(4)];
}

/** Set (c)'s folder: `KIND-NNN.jpg`, every file its own picture. */
export async function hardNegativeSet(root, log) {
  const dir = join(root, 'dups-c');
  const manifest = JSON.stringify({ version: RECIPE_VERSION, HARD });
  if (existsSync(join(dir, 'manifest.json')) && readFileSync(join(dir, 'manifest.json'), 'utf8') === manifest) return dir;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  log(`making set (c), ${Object.values(HARD).reduce((a, b) => a + b)} hard negatives, in ${dir} (once; cached)`);
  const jobs = Object.entries(HARD).flatMap(([kind, n]) => Array.from({ length: n }, (_, i) => [kind, i]));
  await mapLimit(jobs, 2, async ([kind, i]) => {
    const raw = await hardNegative(kind, i);
    const bytes = await sharp(raw, { raw: { width: W, height: H, channels: 3 } })
      .jpeg({ quality: 88 })
      .toBuffer();
    writeFileSync(join(dir, `${kind}-${String(i).padStart(3, '0')}.jpg`), bytes);
  });
  writeFileSync(join(dir, 'manifest.json'), manifest);
  return dir;
}
