// `wallpaper serve [FOLDER...]`: add the folders, listen, print where, index in the background, and
// shut down gracefully on SIGINT/SIGTERM. The server itself lives in src/http.
import cluster from 'node:cluster';
import { stat } from 'node:fs/promises';
import { networkInterfaces } from 'node:os';
import { resolve } from 'node:path';
import { Command, Option } from 'commander';
import { oneLine, redacted, WallpaperError } from '../core/index.js';
import type { Library } from '../core/types.js';
import { LOG_FORMATS, type LogFormat, createLogger } from '../http/logger.js';
import { DEFAULT_HOST, DEFAULT_PORT, SHUTDOWN_GRACE_MS } from '../http/limits.js';
import { urlOf } from '../http/url.js';
import { type CliContext, commandLine, databaseOf, emptyLibraryHint, libraryOf } from './context.js';
import { FILE_VARIABLES, helpFooter } from './help.js';
import { tokenOption } from './options.js';
import { parseWorkers, SCAN_AT_START, superviseWorkers } from './serve-workers.js';

interface ServeFlags {
  host: string;
  port: string;
  token?: string;
  logFormat: LogFormat;
  accessLog?: boolean;
  workers: string;
}

const MAX_PORT = 65_535;
/** After the grace time, how long closing the index and the last writes may take. */
const FORCED_EXIT_MARGIN_MS = 5000;

function parsePort(text: string): number {
  if (!/^\d+$/.test(text) || Number(text) > MAX_PORT) {
    throw new WallpaperError('invalid_param', `invalid --port ${JSON.stringify(text)}: expected a whole number from 0 to ${MAX_PORT}`);
  }
  return Number(text);
}

/** Absolute paths of existing folders, or an invalid_param error naming the bad one. */
async function foldersOf(args: readonly string[]): Promise<string[]> {
  const folders: string[] = [];
  for (const arg of args) {
    const folder = resolve(arg);
    const info = await stat(folder).catch(() => undefined);
    if (!info?.isDirectory()) throw new WallpaperError('invalid_param', `invalid folder ${JSON.stringify(arg)}: not an existing directory`);
    folders.push(folder);
  }
  return folders;
}

function addFolders(library: Library, folders: readonly string[]): void {
  const current = library.settings().folders;
  const added = folders.filter((folder) => !current.includes(folder));
  if (added.length > 0) library.updateSettings({ folders: [...current, ...added] });
}

/** The hint names the command line of this library (`npx wallpaper --home .try scan FOLDER` under
 * `npm start`): run literally, it fills the library being served, not the real one. */
const emptyLibrary = (command: Command, ctx: CliContext) => {
  const hint = emptyLibraryHint(command, ctx);
  return `T${hint.slice(1)} (or \`${commandLine(command, ctx, 'serve FOLDER')}\`), or upload images in the gallery.\n`;
};

const isEmpty = (library: Library) => library.settings().folders.length === 0 && library.status().total === 0;

/** The URLs other devices can use: for a wildcard host (0.0.0.0, ::) this machine's loopback first,
 * then each of its network addresses (what a phone on the same network types), never `0.0.0.0`. */
export function reachableUrls(host: string, port: number, url: string, interfaces = networkInterfaces()): string[] {
  const wildcard = host === '0.0.0.0' || host === '::' || host === '';
  if (!wildcard) return [url];
  const family = host === '0.0.0.0' ? ['IPv4'] : ['IPv4', 'IPv6'];
  const addresses = Object.values(interfaces)
    .flat()
    .filter((info) => info && family.includes(info.family) && !(info.family === 'IPv6' && info.address.startsWith('fe80:')))
    .sort((a, b) => Number(b!.internal) - Number(a!.internal))
    .map((info) => urlOf(info!.address, port));
  return addresses.length > 0 ? [...new Set(addresses)] : [url];
}

/** Resolves on the first SIGINT or SIGTERM; later ones are ignored while the server drains (a
 * terminal's Ctrl+C reaches a worker as well as the primary that passes it on, and conf's
 * temp-file cleanup, when-exit, raises the signal again after its own handler), and a drain that
 * has not ended well after the grace time ends the process. */
function untilSignal(): Promise<NodeJS.Signals> {
  return new Promise((done) => {
    let first: NodeJS.Signals | undefined;
    const stop = (signal: NodeJS.Signals) => {
      if (first) return;
      first = signal;
      setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS + FORCED_EXIT_MARGIN_MS).unref();
      done(signal);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

export function serveCommand(ctx: CliContext): Command {
  const command = new Command('serve')
    .description('serve the HTTP API and the browser gallery')
    .argument('[folder...]', 'folders to add to the library')
    .option('--host <host>', 'address to listen on', DEFAULT_HOST)
    .option('--port <port>', 'port to listen on; 0 picks a free one', String(DEFAULT_PORT))
    .addOption(tokenOption())
    .addOption(new Option('--log-format <format>', 'log lines as text or as JSON objects').choices(LOG_FORMATS).default('text'))
    .option('--access-log', 'log every request: method, path, status, bytes, ms')
    .option('--workers <n>', 'worker processes sharing the port and the index: a number, or auto (one per core, at most 8)', '1');
  helpFooter(
    command,
    [
      'wallpaper serve ~/Pictures/Wallpapers',
      'WALLPAPER_TOKEN=$(openssl rand -hex 16) wallpaper serve --host 0.0.0.0',
      'wallpaper serve --workers auto --log-format json --access-log 2>> serve.log',
    ],
    [...FILE_VARIABLES, 'WALLPAPER_TOKEN'],
  );
  return command.action(async (args: string[], flags: ServeFlags, command: Command) => {
    const port = parsePort(flags.port);
    const workers = parseWorkers(flags.workers);
    const folders = await foldersOf(args);
    const token = flags.token;
    const logger = createLogger({ format: flags.logFormat, write: (line) => ctx.stderr.write(line) });
    const worker = cluster.isWorker;
    const announce = (host: string, port: number) => {
      const urls = reachableUrls(host, port, urlOf(host, port));
      for (const url of urls) ctx.stdout.write(`Listening on ${url}\n`);
      logger.info(`listening on ${urls.join(' ')}`);
      const database = databaseOf(command);
      if (database) logger.info(`the index is in PostgreSQL: ${redacted(database)}`);
    };

    const library = libraryOf(command, ctx);
    if (workers > 1 && !worker) {
      // The primary prepares the index (migrations, folders) once, then only supervises.
      let empty: boolean;
      try {
        addFolders(library, folders);
        empty = isEmpty(library);
      } finally {
        library.close();
      }
      return superviseWorkers(workers, logger, (listening) => {
        announce(flags.host, listening);
        if (empty) ctx.stdout.write(emptyLibrary(command, ctx));
      });
    }
    // The HTTP stack (polka, sirv, busboy) loads only here, so other commands start fast.
    const [{ startServer }, { scanInBackground }] = await Promise.all([import('../http/server.js'), import('../http/background.js')]);
    try {
      if (!worker) addFolders(library, folders);
      const accessLog = flags.accessLog ? logger.access : undefined;
      const running = await startServer(library, { host: flags.host, port, token, logger, accessLog });
      const signal = untilSignal();
      if (worker) logger.info(`worker ${cluster.worker?.id} (pid ${process.pid}) listening`);
      else announce(running.host, running.port);
      if (!worker && isEmpty(library)) ctx.stdout.write(emptyLibrary(command, ctx));
      // Indexing starts only once the server accepts connections: a large library never delays it.
      // Of several workers one scans at start-up (the others would wait on its lease anyway).
      const scanning = !worker || process.env[SCAN_AT_START] ? scanInBackground(library, logger, 'start-up') : Promise.resolve();

      logger.info(`stopping on ${await signal}`);
      const started = Date.now();
      await running.close();
      // A scan still running gets what is left of the grace time before the index closes.
      const left = Math.max(0, SHUTDOWN_GRACE_MS - (Date.now() - started));
      await Promise.race([scanning, new Promise((done) => setTimeout(done, left).unref())]);
    } finally {
      try {
        library.close();
      } catch (error) {
        ctx.stderr.write(`closing the index failed: ${oneLine(error)}\n`);
      }
      // A worker's channel to the primary would keep it alive: let it go, so the worker exits.
      if (worker) process.disconnect?.();
    }
  });
}
