// A client for a running `wallpaper serve`, so `list` and `random` can ask a server instead of the
// local index (CLI --server / WALLPAPER_SERVER): the same WallpaperSource interface as the local
// Library, so the CLI has one code path. Uses undici; maps every failure to one clear error.
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createHash, randomBytes } from 'node:crypto';
import { Transform } from 'node:stream';
import { request } from 'undici';
import { WallpaperError, oneLine } from '../errors.js';
import type {
  Filters,
  ListOrder,
  ListResponse,
  Paging,
  PickedFile,
  Screen,
  SourcePickOptions,
  Wallpaper,
  WallpaperSource,
} from '../types.js';

/** Downloaded wallpapers kept in the data home: the current one and a few before it. */
export const KEEP_DOWNLOADS = 5;
/** A server has no "avoid" parameter: ask again this many times for a pick not avoided. */
const REMOTE_TRIES = 8;
/** A server that does not answer within this time is treated as unreachable. */
const TIMEOUT_MS = 30_000;

/** An id is this many hex characters of the SHA-256 of the bytes (docs/design.md#identity). */
const ID_HEX_LENGTH = 16;

const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

export class RemoteLibrary implements WallpaperSource {
  private readonly base: URL;

  /** @param downloads where randomFile() keeps downloaded images; without it, randomFile() names the
   *   server's path and downloads nothing */
  constructor(
    server: string,
    private readonly downloads?: string,
  ) {
    let url: URL;
    try {
      url = new URL(server);
    } catch {
      throw new WallpaperError('invalid_param', `invalid --server ${JSON.stringify(server)}: expected a URL like http://host:8519`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new WallpaperError('invalid_param', `invalid --server ${JSON.stringify(server)}: expected an http:// or https:// URL`);
    }
    this.base = url;
  }

  private url(path: string, params: Record<string, string | number | boolean | string[]> = {}): URL {
    const url = new URL(path.replace(/^\//, ''), this.base.href.endsWith('/') ? this.base : `${this.base.href}/`);
    for (const [key, value] of Object.entries(params)) {
      for (const one of Array.isArray(value) ? value : [value]) url.searchParams.append(key, String(one));
    }
    return url;
  }

  private async get(url: URL) {
    let response: Awaited<ReturnType<typeof request>>;
    try {
      response = await request(url, { headersTimeout: TIMEOUT_MS, bodyTimeout: TIMEOUT_MS });
    } catch (error) {
      throw new WallpaperError('unavailable', `cannot reach ${this.base.origin}: ${oneLine(error)}`, { cause: error });
    }
    if (response.statusCode >= 400) {
      const text = oneLine((await response.body.text()).slice(0, 500)) || `status ${response.statusCode}`;
      const code = response.statusCode === 404 ? 'not_found' : response.statusCode === 400 ? 'invalid_param' : 'unavailable';
      throw new WallpaperError(code, `server ${this.base.origin} answered ${response.statusCode}: ${text}`);
    }
    return response;
  }

  private async getJson<T>(url: URL): Promise<T> {
    const response = await this.get(url);
    try {
      return (await response.body.json()) as T;
    } catch (error) {
      throw new WallpaperError('unavailable', `server ${this.base.origin} sent a body that is not JSON`, { cause: error });
    }
  }

  list(filters: Filters, paging: Paging, order: ListOrder = { sort: 'added' }): Promise<ListResponse> {
    const sort: Record<string, string> =
      order.sort === 'added' ? {} : order.sort === 'random' ? { sort: 'random', seed: order.seed } : { sort: order.sort };
    return this.getJson(this.url('/api/wallpapers', { ...filters, ...sort, page: paging.page, limit: paging.limit }));
  }

  /** A random match, or undefined when the server has none (404); `avoid` ids are asked past a
   * few times (the server cannot be told), the last pick taken when only avoided ones come. */
  async random(filters: Filters, options: SourcePickOptions = {}): Promise<Wallpaper | undefined> {
    let pick: Wallpaper | undefined;
    for (let tries = 0; tries < REMOTE_TRIES; tries++) {
      pick = await this.pickOnce(filters, options.screen);
      if (!pick || !(options.avoid?.includes(pick.id) || options.exclude?.includes(pick.id))) return pick;
    }
    return pick;
  }

  /** A random match downloaded into the downloads folder (checked against its id), picking again
   * when the server no longer has a file for a pick (404: changed or away there). */
  async randomFile(filters: Filters, options: SourcePickOptions = {}): Promise<PickedFile | undefined> {
    for (let tries = 0; tries < REMOTE_TRIES; tries++) {
      const wallpaper = await this.random(filters, options);
      if (!wallpaper) return undefined;
      if (!this.downloads) return { wallpaper, path: wallpaper.path };
      try {
        return { wallpaper, path: await this.download(wallpaper, this.downloads) };
      } catch (error) {
        if (!(error instanceof WallpaperError && error.code === 'not_found')) throw error;
      }
    }
    return undefined;
  }

  /** One pick; for a screen, the server's own screen rule (`w`, `h`: fitting first, else closest). */
  private async pickOnce(filters: Filters, screen?: Screen): Promise<Wallpaper | undefined> {
    const box: Record<string, number> = screen ? { w: screen.w, h: screen.h } : {};
    try {
      return await this.getJson<Wallpaper>(this.url('/api/wallpapers/random', { ...filters, ...box }));
    } catch (error) {
      if (error instanceof WallpaperError && error.code === 'not_found') return undefined;
      throw error;
    }
  }

  /** Stream the wallpaper's image into `folder` (temp file, then rename); keeps the last few. The
   * bytes must hash to the wallpaper's id (its SHA-256 prefix): a server, proxy or cache that sends
   * other bytes is refused and nothing is kept. */
  async download(wallpaper: Wallpaper, folder: string): Promise<string> {
    await mkdir(folder, { recursive: true });
    const response = await this.get(this.url(wallpaper.url));
    const type = String(response.headers['content-type'] ?? '')
      .split(';')[0]!
      .trim();
    const ext = EXTENSIONS[type] ?? wallpaper.filename.split('.').pop() ?? 'img';
    const target = join(folder, `${wallpaper.id}.${ext}`);
    const temp = join(folder, `.${wallpaper.id}.${randomBytes(6).toString('hex')}.part`);
    const hash = createHash('sha256');
    const hashing = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        done(null, chunk);
      },
    });
    try {
      await pipeline(response.body, hashing, createWriteStream(temp));
      if (hash.digest('hex').slice(0, ID_HEX_LENGTH) !== wallpaper.id) {
        throw new Error(`the bytes sent are not those of wallpaper ${wallpaper.id}`);
      }
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw new WallpaperError('unavailable', `download from ${this.base.origin} failed: ${oneLine(error)}`, { cause: error });
    }
    await pruneDownloads(folder, KEEP_DOWNLOADS);
    return target;
  }
}

async function pruneDownloads(folder: string, keep: number): Promise<void> {
  const names = (await readdir(folder)).filter((name) => !name.startsWith('.'));
  const dated = await Promise.all(names.map(async (name) => ({ name, mtime: (await stat(join(folder, name))).mtimeMs })));
  dated.sort((a, b) => b.mtime - a.mtime);
  await Promise.all(dated.slice(keep).map(({ name }) => rm(join(folder, name), { force: true })));
}
