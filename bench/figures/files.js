// Figures: GET /api/wallpapers/{id}/image, /random/image and a cached /{id}/thumbnail vs sirv
// serving the very same files. A library of one wallpaper (a JPEG near 4 MB) makes /random/image
// send the same file as /{id}/image, so the two sides move identical bytes.
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { openLibrary } from '../../dist/core/library/facade.js';
import { referenceJpeg } from '../lib/corpus.js';
import { pairedRuns, rateSides } from '../lib/paired.js';
import { startSirv, startWallpaper } from '../lib/servers.js';
import { writeScript } from '../lib/wrk.js';

export async function filesFigure({ corpus, options, scratch, log }) {
  const reference = referenceJpeg(corpus.files);
  const top = join(scratch, 'files');
  rmSync(top, { recursive: true, force: true });
  const folder = join(top, 'library');
  const home = join(top, 'home');
  mkdirSync(folder, { recursive: true });
  const image = join(folder, basename(reference.path));
  copyFileSync(reference.path, image);
  const library = openLibrary({ home });
  library.updateSettings({ folders: [folder] });
  await library.scan();
  const [wallpaper] = library.list({}, { page: 1, limit: 1 }).wallpapers;
  const thumbnail = await library.thumbnailFile(wallpaper.id);
  library.close();
  log(`files: ${basename(image)} (${(reference.size / 1e6).toFixed(1)} MB), thumbnail ${(thumbnail.size / 1024).toFixed(0)} KiB`);

  const server = await startWallpaper(home);
  const sirv = await startSirv(top);
  try {
    const sirvPath = (path) => `/${relative(top, path).split('/').map(encodeURIComponent).join('/')}`;
    const cases = [
      ['GET /api/wallpapers/{id}/image', `/api/wallpapers/${wallpaper.id}/image`, sirvPath(image), 0.9],
      ['GET /api/wallpapers/random/image', '/api/wallpapers/random/image', sirvPath(image), 0.9],
      ['cached GET /api/wallpapers/{id}/thumbnail', `/api/wallpapers/${wallpaper.id}/thumbnail`, sirvPath(thumbnail.path), 0.9],
    ];
    const rows = [];
    for (const [name, path, baselinePath, target] of cases) {
      const key = name.replace(/\W+/g, '-');
      const r = pairedRuns({
        subject: { base: server.base, script: writeScript(scratch, `files-${key}`, [path]) },
        baseline: { base: sirv.base, script: writeScript(scratch, `files-${key}-sirv`, [baselinePath]) },
        runs: options.runs,
        seconds: options.duration,
        log,
        label: name,
      });
      const mbps = (list) => Math.round(list.reduce((s, x) => s + x.mbps, 0) / list.length);
      rows.push({
        name: `${name} (req/s)`,
        ...rateSides(r, 'wallpaper', 'sirv'),
        ratio: { kind: 'rate', target },
        note: `mean ${mbps(r.subject)} MB/s vs sirv ${mbps(r.baseline)} MB/s`,
      });
    }
    return rows;
  } finally {
    await Promise.all([server.stop(), sirv.stop()]);
  }
}
