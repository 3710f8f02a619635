// The curation data of a synthetic record: a palette and a near-duplicate fingerprint
// drawn from one colour scheme per wallpaper (its luminance and hue class: dark blues, warm sunsets,
// greys), so colour searches and mean-colour cells are spread as in a real library, not uniform
// noise. Every 40th wallpaper is a planted near-duplicate of an earlier one (a few hash bits
// flipped, colours nudged), so grouping has real groups to find.
import { labToHex, rgbToLab } from '../../dist/core/analysis/oklab.js';

const HUE_DEGREES = { red: 0, warm: 35, green: 120, cool: 175, blue: 220, neutral: 210 };
const DUPLICATE_EVERY = 40;
/** Bytes of a fingerprint (src/core/analysis/fingerprint.ts): contrast, 8 of hash, 48 of signature,
 * picture share, edge density, bars. */
const FINGERPRINT_BYTES = 57;

/** 8-bit sRGB of an HSL colour. */
function hsl(h, s, l) {
  const k = (n) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [f(0), f(8), f(4)].map((v) => Math.round(Math.max(0, Math.min(1, v)) * 255));
}

function schemeColour(random, luminance, hue) {
  const saturation = hue === 'neutral' ? random() * 0.12 : 0.3 + random() * 0.6;
  const lightness = Math.max(0.02, Math.min(0.97, luminance + (random() - 0.5) * 0.35));
  return rgbToLab(...hsl((HUE_DEGREES[hue] + (random() - 0.5) * 50 + 360) % 360, saturation, lightness));
}

/** { palette, fingerprint } for record `i` of `luminance` and `hue`; `previous` are earlier ones. */
export function curationOf(random, i, luminance, hue, previous) {
  if (i % DUPLICATE_EVERY === DUPLICATE_EVERY - 1 && previous.length > 0) {
    const source = previous[Math.floor(random() * previous.length)];
    const fingerprint = Buffer.from(source.fingerprint);
    for (let flips = Math.floor(random() * 12); flips > 0; flips--)
      fingerprint[1 + Math.floor(random() * 8)] ^= 1 << Math.floor(random() * 8);
    for (let c = 9; c < 57; c++) fingerprint[c] = Math.max(0, Math.min(255, fingerprint[c] + Math.round((random() - 0.5) * 4)));
    return { palette: source.palette, fingerprint };
  }
  const count = 1 + Math.floor(random() * 5);
  const weights = Array.from({ length: count }, () => 0.2 + random());
  const total = weights.reduce((a, b) => a + b, 0);
  const palette = weights
    .map((w) => ({ lab: schemeColour(random, luminance, hue), share: Math.round((w / total) * 100) / 100 }))
    .sort((a, b) => b.share - a.share)
    .map(({ lab, share }) => ({ color: labToHex(lab), share, lab }));
  const fingerprint = Buffer.alloc(FINGERPRINT_BYTES);
  fingerprint[0] = 20 + Math.floor(random() * 200);
  for (let c = 1; c < 9; c++) fingerprint[c] = Math.floor(random() * 256);
  for (let cell = 0; cell < 16; cell++) {
    const [l, a, b] = schemeColour(random, luminance, hue);
    fingerprint[9 + cell * 3] = Math.round(Math.max(0, Math.min(1, l)) * 255);
    fingerprint[10 + cell * 3] = Math.round(Math.max(-128, Math.min(127, a * 255)) + 128);
    fingerprint[11 + cell * 3] = Math.round(Math.max(-128, Math.min(127, b * 255)) + 128);
  }
  // The picture share (no bars), the edge density; the bars byte stays 0 (none cut).
  fingerprint[57 - 2] = 255;
  fingerprint[57 - 1] = 5 + Math.floor(random() * 120);
  return { palette, fingerprint };
}
