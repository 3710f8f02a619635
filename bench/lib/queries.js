// The 100 list requests of the list figure: filter and page combinations a gallery and scripts send
// (mostly zero to two filters and early pages, some deep pages and a few past the end), drawn from a
// seeded random source so every run and machine rotates through the same ones.
import { seededRandom, weighted } from './util.js';

const CHOICES = {
  brightness: ['dark', 'medium', 'light'],
  aspect_ratio: ['16:9', 'ultrawide', '4:3', 'custom', 'portrait', 'square'],
  orientation: ['landscape', 'portrait'],
  dominant_hue: ['blue', 'neutral', 'warm', 'green', 'cool', 'red'],
  format: ['jpg', 'png', 'webp', 'jpeg'],
  min_width: ['2560', '3840'],
  max_width: ['1920', '2560'],
  min_height: ['1440', '2160'],
};
const NAMES = Object.keys(CHOICES);

export const LIST_QUERIES = 100;

export function listPaths(count = LIST_QUERIES) {
  const random = seededRandom(2024);
  const paths = new Set();
  while (paths.size < count) {
    const params = new URLSearchParams();
    const filters = weighted(random, [
      [0, 25],
      [1, 40],
      [2, 25],
      [3, 10],
    ]);
    const names = [...NAMES].sort(() => random() - 0.5).slice(0, filters);
    for (const name of names) {
      const values = CHOICES[name];
      params.set(name, values[Math.floor(random() * values.length)]);
    }
    // An impossible width range is a 400 (it once named no wallpaper): draw again.
    if (Number(params.get('min_width') ?? 0) > Number(params.get('max_width') ?? Number.POSITIVE_INFINITY)) continue;
    // Early pages mostly; deep pages (OFFSET in the tens of thousands) and past-the-end sometimes.
    const page = weighted(random, [
      [1, 35],
      [2, 15],
      [3, 10],
      [1 + Math.floor(random() * 20), 25],
      [1 + Math.floor(random() * 2000), 15],
    ]);
    if (page > 1) params.set('page', String(page));
    params.set('limit', '50');
    paths.add(`/api/wallpapers?${params}`);
  }
  return [...paths];
}
