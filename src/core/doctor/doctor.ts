// `wallpaper doctor`: what this machine and library look like to the tool, each finding a line with
// a level (`ok`, `note`, `problem`) and, for every problem, what to do. A problem is something that
// stops a command from working here; a note is worth knowing (Node at end of life, no desktop
// session on a server, an old one-folder library in use).
import { constants, existsSync } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { type Check, type CheckLevel, check } from './checks.js';
import { isWallpaperError, oneLine } from '../errors.js';
import type { LibraryDirs } from '../settings/index.js';
import type { Library } from '../types.js';
import { openLibrary } from '../library/index.js';
import { openSettings } from '../settings/index.js';
import { redacted } from '../store/index.js';
import { checkDesktop } from './desktop.js';
import { formatSupport } from '../formats/index.js';

export type { Check, CheckLevel };

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
/** Formats sharp must read for anything to work (the rest are told by checkFormats). */
const NEEDED_FORMATS = ['jpeg', 'png', 'webp'] as const;
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
    // What it reads for the library is said format by format (checkFormats).
    return check('ok', 'sharp', versions);
  } catch (error) {
    return check(
      'problem',
      'sharp',
      `sharp cannot load: ${oneLine(error)}`,
      'reinstall with `npm rebuild sharp` (prebuilt binaries exist for x64 and arm64)',
    );
  }
}

/** One line per indexed format (docs/design.md#every-format): whether this machine decodes it, and with what. */
async function checkFormats(env: NodeJS.ProcessEnv): Promise<Check[]> {
  return (await formatSupport(env)).map(({ label, extensions, decodes, decoder }) => {
    const name = `${label} (${extensions.map((ext) => `.${ext}`).join(' ')})`;
    return decodes
      ? check('ok', 'format', `${name} decoded by ${decoder}`)
      : check(
          'problem',
          'format',
          `${name} cannot be decoded here: ${decoder}`,
          'reinstall with `npm install` (the decoders come with it)',
        );
  });
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

/** Every check, in the order `doctor` prints them. */
export async function diagnose(input: DoctorInput): Promise<Check[]> {
  const platform = input.platform ?? process.platform;
  const checks = [
    checkNode(input.nodeVersion ?? process.versions.node),
    await checkSharp(),
    ...(await checkFormats(input.env)),
    checkLayout(input.dirs),
  ];
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
