// Typed errors of the core. Every face maps them in one place: http/errors.ts to a status and a
// plain-text body, cli.ts to one stderr line and an exit status.

export type ErrorCode =
  | 'invalid_param' // a filter, flag, setting or body value is not acceptable
  | 'bad_settings_file' // the settings file on disk is unreadable or invalid (the owner must fix it)
  | 'unsupported' // a file is not a decodable JPEG, PNG or WebP
  | 'too_large' // over max_upload_bytes or over the pixel limit
  | 'not_found' // unknown id, or no wallpaper matches
  | 'unauthorized' // a mutation without the right token
  | 'forbidden' // a mutation refused (remote client, foreign Origin)
  | 'not_json' // a body that should be JSON is not
  | 'io_failed' // the file system refused an operation (a delete that cannot move the file)
  | 'setter_failed' // the desktop wallpaper could not be set
  | 'unavailable' // a remote server or a tool could not be reached
  | 'busy' // too much work in flight (resizes): ask again shortly
  | 'no_desktop' // no desktop session can be set from here (serve outside a session, or its tool failed)
  | 'no_lock_screen' // a lock-screen wallpaper asked of a desktop that has none (--target lock|both)
  | 'folder_tag'; // a tag that comes from a folder (or a source) cannot be removed by hand

export class WallpaperError extends Error {
  readonly code: ErrorCode;

  constructor(code: ErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'WallpaperError';
    this.code = code;
  }
}

export const isWallpaperError = (error: unknown): error is WallpaperError => error instanceof WallpaperError;

/** Words for the system errors people meet, instead of Node's `ENOENT: no such file or directory,
 * stat '/x'`: the code is for programs, the words for the person reading a scan summary. */
const SYSTEM_ERRORS: Readonly<Record<string, string>> = {
  ENOENT: 'it does not exist (a disk not mounted, or moved?)',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  ENOTDIR: 'a part of the path is not a folder',
  EISDIR: 'it is a folder',
  ELOOP: 'too many levels of symbolic links',
  EMFILE: 'too many open files',
  ENFILE: 'too many open files on the system',
  ENOSPC: 'no space left on the device',
  EROFS: 'the file system is read-only',
  EIO: 'input/output error (a failing disk?)',
  ENAMETOOLONG: 'the name is too long',
  EADDRINUSE: 'the address is already in use',
  EADDRNOTAVAIL: 'the address is not one of this machine',
  ECONNREFUSED: 'the connection was refused',
};

/** The message of anything thrown, on one line; system errors in words, without their code. */
export function oneLine(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const syscall = (error as NodeJS.ErrnoException | undefined)?.syscall;
  if (error instanceof Error && code && syscall && SYSTEM_ERRORS[code]) return SYSTEM_ERRORS[code];
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/\s*\n\s*/g, ' ').trim();
}
