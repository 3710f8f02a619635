// One candidate into a source's folder: downloaded to a hidden temp file there (scans skip dot
// files), decoded as an image of an indexed format within the upload limits (bytes and pixels), refused when the
// library already holds the same bytes or a near-duplicate, else renamed into place under a name
// from the service's id. The caller records the attribution.
import { randomBytes } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { type Prepared, prepare, similar } from '../curate/index.js';
import { placeWithoutClobber, sanitiseStem } from '../common/index.js';
import { extensionOf } from '../formats/index.js';
import type { Candidate } from './kinds/index.js';
import type { SourceHttp } from './http.js';
import { loadAnalyzer } from '../analysis/index.js';

/** What the library holds already, and what this fetch took: same bytes (ids), near (fingerprints). */
export interface Seen {
  has(id: string): boolean;
  /** Prepared once: a fetch compares each picture with every wallpaper of the library. */
  fingerprints: Prepared[];
}

export type Outcome = { kept: string; id: string } | { skipped: string } | { failed: string };

export interface DownloadContext {
  http: SourceHttp;
  folder: string;
  maxBytes: number;
  thumbnailSize: number;
  seen: Seen;
}

/** The name a picture gets: the last segment of its id or URL, readable and safe. */
export const fileStemOf = (candidate: Candidate): string => {
  const from = /^https?:/.test(candidate.remote) ? new URL(candidate.remote).pathname : candidate.remote;
  return sanitiseStem(from.split('/').filter(Boolean).pop() ?? 'wallpaper');
};

export async function downloadOne(candidate: Candidate, ctx: DownloadContext): Promise<Outcome> {
  const temp = join(ctx.folder, `.fetch-${process.pid}-${randomBytes(8).toString('hex')}.part`);
  try {
    await ctx.http.download(candidate.image, temp, ctx.maxBytes, candidate.headers);
    const bytes = await readFile(temp);
    const { analyzeImage } = await loadAnalyzer();
    let analysis: Awaited<ReturnType<typeof analyzeImage>>['analysis'];
    try {
      ({ analysis } = await analyzeImage(bytes, ctx.thumbnailSize));
    } catch (error) {
      return { failed: `${candidate.image} is not a usable picture: ${(error as Error).message}` };
    }
    if (ctx.seen.has(analysis.id)) return { skipped: 'the same picture is in the library' };
    const mine = prepare(analysis.fingerprint);
    if (ctx.seen.fingerprints.some((other) => similar(mine, other))) return { skipped: 'a near-duplicate of a wallpaper in the library' };
    ctx.seen.fingerprints.push(mine);
    const path = await placeWithoutClobber(temp, ctx.folder, `${fileStemOf(candidate)}.${extensionOf(analysis.format)}`);
    return { kept: path, id: analysis.id };
  } finally {
    await rm(temp, { force: true });
  }
}
