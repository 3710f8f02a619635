// `wallpaper doctor`: what this machine and library look like to the tool, each finding a line with
// a level (`ok`, `note`, `problem`) and, for every problem, what to do. A problem is something that
// stops a command from working here; a note is worth knowing (Node at end of life, no desktop
// session on a server, an old one-folder library in use).
import { constants, existsSync } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import { isWallpaperError, oneLine } from './errors.js';
import type { LibraryDirs } from './home.js';
import type { Library } from './types.js';
import { openLibrary } from './library.js';
import { openSettings } from './settings.js';
import { redacted } from './store/index.js';
import { SET_COMMAND_SETTER } from './setters/custom.js';
import { detectSetter } from './setters/index.js';

export type CheckLevel = 'ok' | 'note' | 'problem';

export interface Check {
  level: CheckLevel;
  /** What was checked: `node`, `sharp`, `index`, `folder`, `desktop`, `session bus`... */
  subject: string;
  detail: string;
  /** What to do about a problem or a note. */
  fix?: string;
}

export interface DoctorInput {
  dirs: LibraryDirs;
  env: NodeJS.ProcessEnv;
  /** The PostgreSQL index (`--database`), instead of SQLite in the data home. */
  database?: string;
  /** Default: process.platform. */
  platform?: NodeJS.Platform;
  /** Default: process.versions.node. */
  nodeVersion?: string;
}

/** The oldest Node this package supports (package.json engines) and the current LTS line. */
const MIN_NODE: [number, number] = [20, 19];
const END_OF_LIFE_MAJORS = new Set([20]);
/** Formats every library needs to read. */
const NEEDED_FORMATS = ['jpeg', 'png', 'webp'] as const;
/** Setters that talk to their desktop over the session bus (gsettings/dconf, xfconf, Plasma). */
const BUS_SETTERS = new Set(['gnome', 'cinnamon', 'mate', 'xfce', 'kde']);
const BUS_DESKTOPS = new Set(['GNOME', 'Cinnamon', 'MATE', 'Xfce', 'KDE Plasma']);
const BUS_TIMEOUT_MS = 1000;

const check = (level: CheckLevel, subject: string, detail: string, fix?: string): Check => ({
  level,
  subject,
  detail,
  ...(fix ? { fix } : {}),
});

export function checkNode(version: string): Check {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  if (major < MIN_NODE[0] || (major === MIN_NODE[0] && minor < MIN_NODE[1])) {
    return check(
      'problem',
      'node',
      `Node ${version} is older than ${MIN_NODE.join('.')}`,
      'install Node 24 LTS (nodejs.org or your distribution)',
    );
  }
  if (END_OF_LIFE_MAJORS.has(major)) {
    return check('note', 'node', `Node ${version} works but reached its end of life`, 'install Node 24 LTS for security updates');
  }
  return check('ok', 'node', `Node ${version}`);
}

async function checkSharp(): Promise<Check> {
  try {
    const { default: sharp } = await import('sharp');
    const reads = Object.entries(sharp.format)
      .filter(([, format]) => format.input.buffer)
      .map(([name]) => name);
    const missing = NEEDED_FORMATS.filter((name) => !reads.includes(name));
    const versions = `sharp ${sharp.versions.sharp}, libvips ${sharp.versions.vips}`;
    if (missing.length > 0) {
      return check('problem', 'sharp', `${versions} cannot read ${missing.join(', ')}`, 'reinstall with `npm rebuild sharp`');
    }
    // Only what the library indexes: sharp reading svg or gif would promise files that are skipped.
    return check('ok', 'sharp', `${versions}; reads ${NEEDED_FORMATS.join(', ')} (the formats the library indexes)`);
  } catch (error) {
    return check(
      'problem',
      'sharp',
      `sharp cannot load: ${oneLine(error)}`,
      'reinstall with `npm rebuild sharp` (prebuilt binaries exist for x64 and arm64)',
    );
  }
}

function checkLayout(dirs: LibraryDirs): Check {
  const where =
    dirs.layout === 'platform' ? `settings in ${dirs.config}, index in ${dirs.data}, thumbnails in ${dirs.cache}` : `all in ${dirs.data}`;
  if (dirs.layout === 'legacy') {
    return check('note', 'files', `an old one-folder library is used in place: ${where}`, 'nothing to do; it keeps working where it is');
  }
  return check('ok', 'files', where);
}

/** The index (integrity, schema) and the folders it reads; the library is opened, checked, closed. */
async function checkLibrary(dirs: LibraryDirs, database: string | undefined): Promise<Check[]> {
  const indexFile = database === undefined ? join(dirs.data, 'index.sqlite') : redacted(database);
  if (!database && !existsSync(indexFile)) {
    return [check('note', 'index', 'no index yet', 'add a folder: `wallpaper scan ~/Pictures/Wallpapers`')];
  }
  let library: Library;
  try {
    library = openLibrary({ dirs, database });
  } catch (error) {
    if (isWallpaperError(error) && error.code === 'bad_settings_file') return []; // the settings check says it
    const unopened = check(
      'problem',
      'index',
      `cannot open the index ${indexFile}: ${oneLine(error)}`,
      database
        ? 'check the URL, that PostgreSQL runs and that its user may connect and create tables'
        : 'move it aside and run `wallpaper scan` to build it again',
    );
    // The folders are in the settings, not the index: still checked.
    return [unopened, ...(await checkFolders(openSettings(dirs).read().folders))];
  }
  try {
    const checks: Check[] = [];
    const { integrity, schemaVersion, expectedVersion } = indexState(library);
    if (integrity.length !== 1 || integrity[0] !== 'ok') {
      checks.push(
        check(
          'problem',
          'index',
          `${indexFile} is damaged: ${integrity.slice(0, 3).join('; ')}`,
          `move it aside and run \`wallpaper scan\` to build it again`,
        ),
      );
    } else if (schemaVersion > expectedVersion) {
      checks.push(
        check('problem', 'index', `schema version ${schemaVersion} is newer than this wallpaper's ${expectedVersion}`, 'upgrade wallpaper'),
      );
    } else {
      checks.push(check('ok', 'index', `${library.status().total} wallpapers, schema version ${schemaVersion}, integrity ok`));
    }
    return [...checks, ...(await checkFolders(library.settings().folders))];
  } finally {
    library.close();
  }
}

/** The index's own report; an index too damaged to run the check is reported as what it says. */
function indexState(library: Library): ReturnType<Library['checkIndex']> {
  try {
    return library.checkIndex();
  } catch (error) {
    return { integrity: [oneLine(error)], schemaVersion: 0, expectedVersion: 0 };
  }
}

async function checkFolders(folders: readonly string[]): Promise<Check[]> {
  if (folders.length === 0) return [check('note', 'folders', 'no library folders yet', 'add one: `wallpaper scan FOLDER`')];
  return Promise.all(folders.map(checkFolder));
}

async function checkFolder(folder: string): Promise<Check> {
  try {
    if (!(await stat(folder)).isDirectory()) throw new Error('not a directory');
    await access(folder, constants.R_OK | constants.X_OK);
    return check('ok', 'folder', `${folder} is reachable`);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'does not exist (a disk or share not mounted?)' : oneLine(error);
    return check(
      'problem',
      'folder',
      `${folder} ${reason}`,
      "mount it, or take it out of the library: `wallpaper config set folders '[...]'`",
    );
  }
}

/** The session bus address: DBUS_SESSION_BUS_ADDRESS, else the systemd default in XDG_RUNTIME_DIR. */
function busSocket(env: NodeJS.ProcessEnv): string | undefined {
  const address = env.DBUS_SESSION_BUS_ADDRESS ?? (env.XDG_RUNTIME_DIR ? `unix:path=${env.XDG_RUNTIME_DIR}/bus` : undefined);
  for (const part of (address ?? '').split(';')) {
    const path = /^unix:(?:.*,)?path=([^,]+)/.exec(part)?.[1];
    if (path) return decodeURIComponent(path);
    const abstract = /^unix:(?:.*,)?abstract=([^,]+)/.exec(part)?.[1];
    if (abstract) return `\0${decodeURIComponent(abstract)}`;
  }
  return undefined;
}

function connects(socket: string): Promise<boolean> {
  return new Promise((resolve) => {
    const connection = createConnection(socket);
    const done = (ok: boolean) => {
      connection.destroy();
      resolve(ok);
    };
    connection.setTimeout(BUS_TIMEOUT_MS, () => done(false));
    connection.once('connect', () => done(true));
    connection.once('error', () => done(false));
  });
}

async function checkDesktop(env: NodeJS.ProcessEnv, platform: NodeJS.Platform, setCommand: string | null): Promise<Check[]> {
  const found = detectSetter({ env, platform, setCommand });
  const checks: Check[] = [];
  if (found.name !== undefined) {
    const tools = found.tools.map((tool) => `${tool.name} (${tool.path})`).join(', ');
    checks.push(
      check(
        'ok',
        'desktop',
        found.name === SET_COMMAND_SETTER ? `set_command: ${setCommand}` : `sets with ${found.name}${tools ? ` using ${tools}` : ''}`,
      ),
    );
  } else if (found.desktop) {
    checks.push(
      check('problem', 'desktop', found.reason, `install it, or name your tool: wallpaper config set set_command "your-tool {path}"`),
    );
  } else {
    checks.push(
      check(
        'note',
        'desktop',
        `no desktop session here (${found.reason})`,
        '`random --set` needs one; serve, list and random work without',
      ),
    );
  }
  if (platform === 'darwin' || platform === 'win32') return checks;
  // The desktops that draw their own background are set over the bus, their tool found or not.
  const needsBus = found.name !== undefined ? BUS_SETTERS.has(found.name) : BUS_DESKTOPS.has(found.desktop ?? '');
  const socket = busSocket(env);
  const reachable = socket !== undefined && (await connects(socket));
  if (reachable) checks.push(check('ok', 'session bus', 'reachable'));
  else {
    const detail =
      socket === undefined
        ? 'no session bus address (DBUS_SESSION_BUS_ADDRESS and XDG_RUNTIME_DIR unset)'
        : 'the session bus does not answer';
    const fix = 'run from the desktop session, or from a systemd user unit (`wallpaper schedule`), which has the bus';
    checks.push(check(needsBus ? 'problem' : 'note', 'session bus', detail, fix));
  }
  return checks;
}

/** Every check, in the order `doctor` prints them. */
export async function diagnose(input: DoctorInput): Promise<Check[]> {
  const platform = input.platform ?? process.platform;
  const checks = [checkNode(input.nodeVersion ?? process.versions.node), await checkSharp(), checkLayout(input.dirs)];
  let setCommand: string | null = null;
  try {
    setCommand = openSettings(input.dirs).read().set_command;
  } catch (error) {
    checks.push(
      check('problem', 'settings', oneLine(error), 'fix the named key in the file, or remove the file to start from the defaults'),
    );
  }
  checks.push(...(await checkLibrary(input.dirs, input.database)));
  checks.push(...(await checkDesktop(input.env, platform, setCommand)));
  return checks;
}
