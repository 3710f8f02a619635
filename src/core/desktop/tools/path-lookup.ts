// Finds programs on the PATH of the environment we were given (not process.env), so detection and
// tests see exactly the tools the caller's session would run.
import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';

/** Read a variable the way Windows does (names are case-insensitive there; a copied env is not). */
export function envValue(env: NodeJS.ProcessEnv, name: string): string | undefined {
  if (env[name] !== undefined) return env[name];
  const upper = name.toUpperCase();
  const key = Object.keys(env).find((candidate) => candidate.toUpperCase() === upper);
  return key === undefined ? undefined : env[key];
}

export function isExecutableFile(file: string): boolean {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    // Missing, unreadable or not executable: all mean "not this candidate".
    return false;
  }
}

/** Absolute path of the executable `name` in env.PATH, or undefined. */
export function findOnPath(name: string, env: NodeJS.ProcessEnv, platform: NodeJS.Platform): string | undefined {
  const searchPath = envValue(env, 'PATH') ?? '';
  // PATHEXT only matters when the tools really are Windows programs; the bare name comes first so a
  // name given with its extension (or a test's fake) is found as is.
  const extensions = platform === 'win32' ? ['', ...(envValue(env, 'PATHEXT') ?? '.COM;.EXE;.BAT;.CMD').split(';').filter(Boolean)] : [''];
  // The delimiter is the host's: these directories are looked up on this machine's file system.
  for (const dir of searchPath.split(path.delimiter)) {
    // An empty entry means the current directory in POSIX shells; running whatever sits in the
    // cwd under a tool's name is a classic hijack, so empty entries are skipped.
    if (!dir || !path.isAbsolute(dir)) continue;
    for (const extension of extensions) {
      const candidate = path.join(dir, name + extension);
      if (isExecutableFile(candidate)) return candidate;
    }
  }
  return undefined;
}
