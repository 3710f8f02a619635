// Photo-like pictures made in code for the near-duplicate and palette tests: a gradient sky, soft
// glows and hard-edged shapes (structure a perceptual hash can see), seeded so every run draws the
// same ones; `dark` keeps every colour low (mean luminance under 0.15). And the edits a copy of a
// wallpaper goes through: resizing, re-encoding, converting, cropping, letterboxing.
import sharp from 'sharp';

function random(seed: number): () => number {
  let state = (seed * 2654435761 + 7) % 2147483648;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

/** PNG bytes of picture number `seed`, width x height. */
export async function photo(seed: number, width = 960, height = 540, options: { dark?: boolean } = {}): Promise<Buffer> {
  const next = random(seed);
  const light = options.dark ? [3, 14] : [15, 70];
  const colour = () =>
    `hsl(${Math.floor(next() * 360)}, ${30 + Math.floor(next() * 60)}%, ${light[0]! + Math.floor(next() * (light[1]! - light[0]!))}%)`;
  const glows = Array.from({ length: 4 }, (_, i) => {
    const r = (0.1 + next() * 0.3) * width;
    return `<radialGradient id="g${i}"><stop offset="0" stop-color="${colour()}" stop-opacity="0.9"/><stop offset="1" stop-color="${colour()}" stop-opacity="0"/></radialGradient>
      <circle cx="${next() * width}" cy="${next() * height}" r="${r}" fill="url(#g${i})"/>`;
  }).join('');
  const shapes = Array.from({ length: 5 }, () => {
    const x = next() * width;
    const y = next() * height;
    const w = (0.05 + next() * 0.25) * width;
    const h = (0.05 + next() * 0.25) * height;
    return next() < 0.5
      ? `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${colour()}" transform="rotate(${Math.floor(next() * 90)} ${x} ${y})"/>`
      : `<ellipse cx="${x}" cy="${y}" rx="${w / 2}" ry="${h / 2}" fill="${colour()}"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="${next().toFixed(2)}" y2="1"><stop offset="0" stop-color="${colour()}"/><stop offset="1" stop-color="${colour()}"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#sky)"/>${glows}${shapes}</svg>`;
  return sharp(Buffer.from(svg)).removeAlpha().png().toBuffer();
}

export type Edit = (bytes: Buffer) => Promise<Buffer>;

const size = async (bytes: Buffer) => {
  const meta = await sharp(bytes).metadata();
  return { width: meta.width!, height: meta.height! };
};

/** The edits near-duplicate search must see through, by name. */
export const EDITS: Record<string, Edit> = {
  'resized 50%': async (b) =>
    sharp(b)
      .resize({ width: Math.round((await size(b)).width / 2) })
      .jpeg({ quality: 90 })
      .toBuffer(),
  'resized 25%': async (b) =>
    sharp(b)
      .resize({ width: Math.round((await size(b)).width / 4) })
      .jpeg({ quality: 90 })
      .toBuffer(),
  'JPEG q60': (b) => sharp(b).jpeg({ quality: 60 }).toBuffer(),
  'JPEG q95': (b) => sharp(b).jpeg({ quality: 95 }).toBuffer(),
  WebP: (b) => sharp(b).webp({ quality: 80 }).toBuffer(),
  PNG: (b) => sharp(b).png().toBuffer(),
  'cropped 5% each side': async (b) => {
    const { width, height } = await size(b);
    const left = Math.round(width * 0.05);
    const top = Math.round(height * 0.05);
    return sharp(b)
      .extract({ left, top, width: width - 2 * left, height: height - 2 * top })
      .jpeg({ quality: 90 })
      .toBuffer();
  },
  'cropped 6% at one corner': async (b) => {
    const { width, height } = await size(b);
    const [left, top] = [Math.round(width * 0.06), Math.round(height * 0.06)];
    return sharp(b)
      .extract({ left, top, width: width - left, height: height - top })
      .jpeg({ quality: 90 })
      .toBuffer();
  },
  letterboxed: async (b) => {
    const { height } = await size(b);
    const bar = Math.round(height * 0.05);
    return sharp(b).extend({ top: bar, bottom: bar, background: '#000000' }).jpeg({ quality: 90 }).toBuffer();
  },
};

/** Crops that change the screen shape (the aspect ratio by 11%, as 16:10 to 16:9): another
 * screen's picture, never a near-duplicate (docs/cli.md#curating-a-big-library-near-duplicates-favourites-hidden-tags). */
export const OTHER_SHAPES: Record<string, Edit> = {
  'cropped 10% from one side': async (b) => {
    const { width, height } = await size(b);
    return sharp(b)
      .extract({ left: Math.round(width * 0.1), top: 0, width: width - Math.round(width * 0.1), height })
      .jpeg({ quality: 90 })
      .toBuffer();
  },
};

/** Versions of a picture that are other pictures to a person: never its near-duplicates. */
export const OTHER_VERSIONS: Record<string, Edit> = {
  greyscale: (b) => sharp(b).greyscale().jpeg({ quality: 90 }).toBuffer(),
  tinted: (b) => sharp(b).tint('#ff6a00').jpeg({ quality: 90 }).toBuffer(),
  'dark variant': (b) => sharp(b).modulate({ brightness: 0.35 }).jpeg({ quality: 90 }).toBuffer(),
};
