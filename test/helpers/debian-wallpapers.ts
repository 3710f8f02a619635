// Debian 12's own wallpaper packages for the real-library tests: downloaded once with `apt-get
// download`, unpacked with `dpkg-deb -x` into test-artifacts/debian-wallpapers (gitignored, kept
// across runs), and laid out as installed (`usr/share/backgrounds`, `usr/share/wallpapers`,
// `usr/share/*-background-properties`). Where they cannot be had (no apt, no network) a test is
// skipped with the reason, but in CI (`CI=true`) that is a failure: the rules they hold are tested
// on nothing else real.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Test } from 'tap';

/** The packages, as Debian 12 (bookworm) names them. */
export const DEBIAN_PACKAGES = [
  'gnome-backgrounds',
  'plasma-workspace-wallpapers',
  'mate-backgrounds',
  'sway-backgrounds',
  'xfdesktop4-data',
  'ukui-wallpapers',
  'lomiri-wallpapers',
  // Debian's own themes, each an SVG per screen shape.
  'desktop-base',
] as const;

const CACHE = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'test-artifacts', 'debian-wallpapers');
/** Bump when the set changes, so an older cache is made again. */
const VERSION = '2';

/** `apt-get download` the packages into `debs`; as root on a machine whose package lists were never
 * fetched (a fresh CI machine that needed no other package), fetch them once and try again. */
function download(debs: string): void {
  const get = () => execFileSync('apt-get', ['download', ...DEBIAN_PACKAGES], { cwd: debs, stdio: 'pipe', timeout: 300_000 });
  try {
    get();
  } catch (error) {
    if (process.getuid?.() !== 0) throw error;
    execFileSync('apt-get', ['update', '-q'], { stdio: 'pipe', timeout: 300_000 });
    get();
  }
}

/** Sleep `ms` without a promise (the callers are synchronous). */
const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** Run `make` holding a lock folder beside the cache: suites run in parallel (tap's jobs), and two
 * that found no cache must not download into, or delete, one folder at once. One that waits for
 * the lock finds the cache made when it gets it. */
function underLock<T>(make: () => T): T {
  const lock = `${CACHE}.lock`;
  mkdirSync(dirname(CACHE), { recursive: true });
  const deadline = Date.now() + 15 * 60_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || Date.now() > deadline) throw error;
      pause(500);
    }
  }
  try {
    return make();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** The unpacked packages' root (holding `usr/share/...`), or the reason they cannot be had. */
export function debianWallpapers(): { root: string } | { reason: string } {
  const root = join(CACHE, 'root');
  const marker = join(CACHE, `ready-${VERSION}`);
  if (existsSync(marker)) return { root };
  return underLock(() => {
    if (existsSync(marker)) return { root };
    const debs = join(CACHE, 'debs');
    try {
      rmSync(CACHE, { recursive: true, force: true });
      mkdirSync(debs, { recursive: true });
      download(debs);
      for (const deb of readdirSync(debs).filter((name) => name.endsWith('.deb'))) {
        execFileSync('dpkg-deb', ['-x', join(debs, deb), root], { stdio: 'pipe' });
      }
      rmSync(debs, { recursive: true, force: true });
      writeFileSync(marker, `${DEBIAN_PACKAGES.join('\n')}\n`);
      return { root };
    } catch (error) {
      const message = String((error as { stderr?: Buffer }).stderr ?? error)
        .trim()
        .split('\n')
        .at(-1);
      return { reason: `Debian's wallpaper packages cannot be downloaded here (apt-get download: ${message})` };
    }
  });
}

/** The packages, or the test skipped with the reason (failed in CI). */
export function requireDebianWallpapers(t: Test): string | undefined {
  const found = debianWallpapers();
  if ('root' in found) return found.root;
  if (process.env.CI === 'true') t.fail(found.reason);
  else t.plan(0, found.reason); // a plan of nothing skips the test, saying why
  return undefined;
}

/** A copy of `files` (paths under the unpacked root, files or whole folders) in `dir`, laid out as
 * installed, with every `*-background-properties` list beside them: a library of real wallpapers
 * small enough to scan in a test. */
export function debianLibrary(root: string, dir: string, files: readonly string[]): string {
  for (const file of files) cpSync(join(root, file), join(dir, file), { recursive: true, verbatimSymlinks: true });
  const share = join(root, 'usr', 'share');
  for (const list of readdirSync(share).filter((name) => name.endsWith('-background-properties'))) {
    cpSync(join(share, list), join(dir, 'usr', 'share', list), { recursive: true });
  }
  return join(dir, 'usr', 'share');
}
