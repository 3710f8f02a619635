// The contrast rule of `wallpaper colors` (docs/colors.md#contrast), table-tested: for pictures made
// here (saturated, pastel, near-black, near-white, grey, two colours, many colours) and for real
// Debian wallpapers, each analysed by the scan's own analysis, the scheme of each mode keeps
// foreground on background >= 7:1, colours 1-7 and 9-15 >= 4.5:1 and colour 8 >= 3:1 (WCAG 2);
// its accents keep the picture's hues (moved in lightness only); a picture without colour gives a
// neutral scheme; and the Material tokens come in light and dark.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import t, { type Test } from 'tap';
import { analyzeImage } from '../../src/core/analysis/analyze.js';
import { hexToLab } from '../../src/core/analysis/index.js';
import { colorSchemeOf, contrastRatio, MIN_CONTRAST } from '../../src/core/colors/index.js';
import type { PaletteColor } from '../../src/core/types.js';
import { requireDebianWallpapers } from '../helpers/debian-wallpapers.js';
import { tempDir } from '../helpers/fixtures.js';

/** Vertical stripes of `colors`, equal widths. */
async function stripes(colors: readonly string[]): Promise<Buffer> {
  const width = 60 * colors.length;
  const parts = await Promise.all(
    colors.map(async (color, i) => ({
      input: await sharp({ create: { width: 60, height: 120, channels: 3, background: color } })
        .png()
        .toBuffer(),
      left: i * 60,
      top: 0,
    })),
  );
  return sharp({ create: { width, height: 120, channels: 3, background: '#000000' } })
    .composite(parts)
    .png()
    .toBuffer();
}

const PICTURES: [name: string, colors: string[], chromatic: boolean][] = [
  ['saturated', ['#ff0000', '#00ff00', '#0000ff', '#ffff00'], true],
  ['pastel', ['#ffd1dc', '#c1e1c1', '#aec6cf', '#fdfd96'], true],
  ['near-black', ['#050505', '#0a0a12'], false],
  ['near-white', ['#fbfbfb', '#f4f6f8'], false],
  ['grey', ['#808080'], false],
  ['two-colour', ['#1e3a8a', '#f59e0b'], true],
  ['dark and saturated', ['#120010', '#ff00aa', '#00ffee'], true],
  ['one strong hue', ['#ffe600'], true],
];

/** Every pair the rule names, with its ratio, for one scheme. */
function checkScheme(t: Test, label: string, scheme: Awaited<ReturnType<typeof colorSchemeOf>>): void {
  const { background } = scheme;
  t.ok(
    contrastRatio(scheme.foreground, background) >= MIN_CONTRAST.foreground,
    `${label}: foreground ${scheme.foreground} on ${background}`,
  );
  t.equal(scheme.colors.length, 16, `${label}: 16 colours`);
  for (const [i, color] of scheme.colors.entries()) {
    if (i === 0) continue;
    const wanted = i === 8 ? MIN_CONTRAST.color8 : MIN_CONTRAST.color;
    const ratio = contrastRatio(color, background);
    t.ok(ratio >= wanted, `${label}: colour ${i} ${color} on ${background} is ${ratio.toFixed(2)} (>= ${wanted})`);
  }
  for (const mode of ['light', 'dark'] as const) {
    const tokens = scheme.material[mode];
    for (const name of ['primary', 'on-primary', 'secondary', 'tertiary', 'surface', 'on-surface', 'background', 'error'])
      t.match(tokens[name], /^#[0-9a-f]{6}$/, `${label}: material ${mode} ${name}`);
    // Material's own rule: text on its surface is readable.
    t.ok(contrastRatio(tokens['on-surface']!, tokens.surface!) >= 4.5, `${label}: material ${mode} on-surface on surface`);
  }
}

const hueOf = (hex: string): number => {
  const [, a, b] = hexToLab(hex)!;
  return Math.atan2(b, a);
};
const chromaOf = (hex: string): number => {
  const [, a, b] = hexToLab(hex)!;
  return Math.hypot(a, b);
};

/** Whether an accent's hue is one of the palette's (within rounding and gamut clipping). */
function hueFromPalette(accent: string, palette: readonly PaletteColor[]): boolean {
  if (chromaOf(accent) < 0.02) return true; // clipped to near grey at white or black: no hue to keep
  return palette.some((entry) => {
    const d = Math.abs(hueOf(accent) - hueOf(entry.color));
    return chromaOf(entry.color) >= 0.03 && Math.min(d, 2 * Math.PI - d) < 0.12;
  });
}

t.test('generated pictures: every pair at or above its ratio, both modes; hues from the picture', async (t) => {
  const cache = tempDir(t);
  for (const [name, colors, chromatic] of PICTURES) {
    const { analysis } = await analyzeImage(await stripes(colors), 64);
    const wallpaper = { id: `0000${name.length}`.padEnd(16, '0'), palette: analysis.palette, brightness: analysis.brightness };
    for (const mode of ['dark', 'light'] as const) {
      const scheme = await colorSchemeOf({ ...wallpaper, id: `${name}-${mode}` }, mode, cache);
      t.equal(scheme.mode, mode, `${name}: ${mode}`);
      checkScheme(t, `${name} (${mode})`, scheme);
      const accents = [...scheme.colors.slice(1, 7), ...scheme.colors.slice(9, 15)];
      if (chromatic) {
        for (const accent of accents)
          t.ok(hueFromPalette(accent, analysis.palette), `${name} (${mode}): ${accent} has a hue of the picture`);
      } else {
        for (const accent of accents) t.ok(chromaOf(accent) < 0.03, `${name} (${mode}): ${accent} is a neutral grey`);
        t.ok(new Set(accents).size >= 4, `${name} (${mode}): the neutral accents still differ`);
      }
    }
  }
});

t.test('auto: a light picture gets a light scheme, a dark one a dark scheme', async (t) => {
  const cache = tempDir(t);
  for (const [color, mode] of [
    ['#f4f4f0', 'light'],
    ['#101018', 'dark'],
  ] as const) {
    const { analysis } = await analyzeImage(await stripes([color]), 64);
    const scheme = await colorSchemeOf(
      { id: `auto${mode}`.padEnd(16, '0'), palette: analysis.palette, brightness: analysis.brightness },
      'auto',
      cache,
    );
    t.equal(scheme.mode, mode, `${color} -> ${mode}`);
  }
});

t.test('the Material tokens are kept per wallpaper: a second scheme reads them, not the library', async (t) => {
  const cache = tempDir(t);
  const wallpaper = { id: 'abcdef0123456789', palette: [{ color: '#3a6ea5', share: 1 }], brightness: 'dark' as const };
  const first = await colorSchemeOf(wallpaper, 'dark', cache);
  const file = join(cache, 'color-schemes', `${wallpaper.id}.json`);
  const kept = JSON.parse(readFileSync(file, 'utf8')) as { version: number; light: Record<string, string>; dark: Record<string, string> };
  t.same(kept.light, first.material.light, 'the tokens are written once made');
  t.same(kept.dark, first.material.dark);
});

// Real pictures of Debian 12's wallpaper packages: light, dark, colourful and near-grey ones.
const DEBIAN_FILES = [
  'usr/share/backgrounds/gnome/truchet-l.webp',
  'usr/share/backgrounds/gnome/truchet-d.webp',
  'usr/share/backgrounds/city.png',
  'usr/share/backgrounds/sway/Sway_Wallpaper_Blue_1920x1080.png',
  'usr/share/backgrounds/mate/desktop/Ubuntu-Mate-Radioactive-no-logo.png',
  'usr/share/backgrounds/mate/desktop/MATE-Stripes-Light.png',
];

t.test("Debian's wallpapers: every pair at or above its ratio, both modes", async (t) => {
  const root = requireDebianWallpapers(t);
  if (!root) return;
  const cache = tempDir(t);
  for (const file of DEBIAN_FILES) {
    const { analysis } = await analyzeImage(readFileSync(join(root, file)), 64);
    for (const mode of ['dark', 'light'] as const) {
      const scheme = await colorSchemeOf({ id: analysis.id, palette: analysis.palette, brightness: analysis.brightness }, mode, cache);
      checkScheme(t, `${file.split('/').at(-1)} (${mode})`, scheme);
    }
  }
});
