// Shared set-up of the HTTP tests (not a test itself): a temporary data home and folder of images of
// known colours and sizes, the library scanned, the real server on port 0, and small undici helpers.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { request } from 'undici';
import { openLibrary } from '../../src/core/library/facade.js';
import { suiteDatabase } from '../helpers/backends.js';
import type { Library, Wallpaper } from '../../src/core/types.js';
import type { Logger } from '../../src/http/errors.js';
import { type RunningServer, type ServerOptions, startServer } from '../../src/http/server.js';
import { type ImageSpec, tempDir, writeImage } from '../helpers/fixtures.js';

interface TestLike {
  teardown(fn: () => void | Promise<void>): void;
}

/** The standard library: one image per category worth telling apart. */
export const IMAGES: Record<string, ImageSpec & { expect: Partial<Wallpaper> }> = {
  'dark-blue.jpg': {
    width: 1920,
    height: 1080,
    color: '#102040',
    format: 'jpeg',
    expect: { brightness: 'dark', aspect_ratio: '16:9', orientation: 'landscape', dominant_hue: 'blue', content_type: 'image/jpeg' },
  },
  'light-red.png': {
    width: 1080,
    height: 1920,
    color: '#ff9090',
    format: 'png',
    expect: { brightness: 'light', aspect_ratio: 'portrait', orientation: 'portrait', dominant_hue: 'red', content_type: 'image/png' },
  },
  'green.webp': {
    width: 1000,
    height: 1000,
    color: '#30a030',
    format: 'webp',
    expect: { brightness: 'medium', aspect_ratio: 'square', orientation: 'square', dominant_hue: 'green', content_type: 'image/webp' },
  },
  'ultrawide.jpg': {
    width: 3440,
    height: 1440,
    color: '#808080',
    format: 'jpeg',
    expect: {
      brightness: 'medium',
      aspect_ratio: 'ultrawide',
      orientation: 'landscape',
      dominant_hue: 'neutral',
      content_type: 'image/jpeg',
    },
  },
  'custom.jpeg': {
    width: 1920,
    height: 1200,
    color: '#e0a020',
    format: 'jpeg',
    expect: { brightness: 'light', aspect_ratio: 'custom', orientation: 'landscape', dominant_hue: 'warm', content_type: 'image/jpeg' },
  },
  'cool.png': {
    width: 1024,
    height: 768,
    color: '#108080',
    format: 'png',
    expect: { brightness: 'medium', aspect_ratio: '4:3', orientation: 'landscape', dominant_hue: 'cool', content_type: 'image/png' },
  },
};

export interface Fixture {
  home: string;
  folder: string;
  library: Library;
  server: RunningServer;
  base: string;
  /** Lines the server logged. */
  logs: string[];
  /** The indexed wallpapers by file name. */
  byName: Map<string, Wallpaper>;
}

/** A logger that keeps lines for assertions instead of printing them. */
export function memoryLogger(lines: string[]): Logger {
  return { info: (line) => lines.push(line), error: (line) => lines.push(line) };
}

/** Home, folder with `images`, scanned library, running server; all torn down with the test. */
export async function startFixture(t: TestLike, options: ServerOptions & { images?: Record<string, ImageSpec> } = {}): Promise<Fixture> {
  const home = tempDir(t, 'wallpaper-http-home-');
  const folder = tempDir(t, 'wallpaper-http-images-');
  for (const [name, spec] of Object.entries(options.images ?? IMAGES)) await writeImage(join(folder, name), spec);
  const library = openLibrary({ home, database: await suiteDatabase() });
  library.updateSettings({ folders: [folder] });
  await library.scan();
  const logs: string[] = [];
  const server = await startServer(library, { logger: memoryLogger(logs), ...options, host: '127.0.0.1', port: 0 });
  t.teardown(async () => {
    await server.close();
    library.close();
  });
  const byName = new Map(library.list({}, { page: 1, limit: 200 }).wallpapers.map((w) => [w.filename, w]));
  return { home, folder, library, server, base: server.url, logs, byName };
}

export interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  text: string;
  json<T = unknown>(): T;
}

type RequestOptions = NonNullable<Parameters<typeof request>[1]>;

/** One request, body read whole. */
export async function call(base: string, path: string, options: RequestOptions = {}): Promise<Reply> {
  const response = await request(`${base}${path}`, options);
  const body = Buffer.from(await response.body.arrayBuffer());
  const text = body.toString('utf8');
  return {
    status: response.statusCode,
    headers: response.headers,
    body,
    text,
    json: <T>() => JSON.parse(text) as T,
  };
}

/** The header as one string (undici gives arrays for repeated headers). */
export const header = (reply: Reply, name: string): string | undefined => {
  const value = reply.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(', ') : value;
};

/** Hidden upload temp files left in a folder. */
export const tempFilesIn = (folder: string): string[] => {
  try {
    return readdirSync(folder).filter((name) => name.startsWith('.upload-'));
  } catch {
    return [];
  }
};

export { eventually } from '../helpers/serve.js';
