// Pictures near-duplicate search must never group, made in code from a seed so every
// run draws the same ones (never sharp's own noise, which is random on every run): near-black
// fields, noise, star fields and two-colour gradients, each seed its own picture.
import sharp from 'sharp';

export type HardKind = 'nearblack' | 'noise' | 'stars' | 'gradient';

function random(seed: number): () => number {
  let state = (seed * 2654435761 + 11) % 2147483648;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

const hsl = (h: number, s: number, l: number): number[] =>
  [0, 8, 4].map((n) => {
    const k = (n + h / 30) % 12;
    return 255 * (l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k - 3, 9 - k, 1)));
  });

/** JPEG bytes of picture `seed` of `kind`, width x height. */
export async function hardNegative(kind: HardKind, seed: number, width = 480, height = 270): Promise<Buffer> {
  const next = random(seed * 7 + kind.length);
  let raw = Buffer.alloc(width * height * 3);
  if (kind === 'nearblack') {
    const colour = () => `hsl(${Math.floor(next() * 360)}, ${20 + Math.floor(next() * 60)}%, ${1 + Math.floor(next() * 8)}%)`;
    const shapes = Array.from({ length: 6 }, () => {
      const [x, y, r] = [next() * width, next() * height, (0.05 + next() * 0.3) * width];
      return next() < 0.5
        ? `<circle cx="${x}" cy="${y}" r="${r}" fill="${colour()}" opacity="0.8"/>`
        : `<rect x="${x}" y="${y}" width="${r}" height="${r * 0.6}" fill="${colour()}" transform="rotate(${Math.floor(next() * 90)} ${x} ${y})"/>`;
    }).join('');
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="${next().toFixed(2)}" y2="1"><stop offset="0" stop-color="${colour()}"/><stop offset="1" stop-color="${colour()}"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>${shapes}</svg>`;
    raw = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer();
    for (let p = 0; p < raw.length; p++) raw[p] = Math.max(0, Math.min(255, raw[p]! + Math.round((next() - 0.5) * 4)));
  } else if (kind === 'noise') {
    const [mean, spread, tint] = [40 + next() * 170, 10 + next() * 80, next() < 0.5];
    const hue = [next(), next(), next()];
    for (let p = 0; p < width * height; p++) {
      const v = mean + (next() - 0.5) * 2 * spread;
      for (let c = 0; c < 3; c++) raw[p * 3 + c] = Math.max(0, Math.min(255, tint ? v * (0.6 + 0.8 * hue[c]!) : v));
    }
  } else if (kind === 'stars') {
    const count = 50 + Math.floor(next() * 400);
    for (let s = 0; s < count; s++) {
      const [x, y, v] = [Math.floor(next() * width), Math.floor(next() * height), 120 + Math.floor(next() * 135)];
      raw.fill(v, (y * width + x) * 3, (y * width + x) * 3 + 3);
    }
  } else {
    const from = hsl((seed * 47) % 360, 0.7, 0.25 + 0.4 * next());
    const to = hsl((seed * 47 + 120 + 120 * next()) % 360, 0.7, 0.25 + 0.4 * next());
    const angle = (seed * 137.5 * Math.PI) / 180;
    const [dx, dy] = [Math.cos(angle), Math.sin(angle)];
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        const t = Math.max(0, Math.min(1, 0.5 + ((x / width - 0.5) * dx + (y / height - 0.5) * dy)));
        for (let c = 0; c < 3; c++) raw[(y * width + x) * 3 + c] = from[c]! + (to[c]! - from[c]!) * t;
      }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 88 })
    .toBuffer();
}
