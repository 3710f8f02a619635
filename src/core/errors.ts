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
  | 'unavailable'; // a remote server or a tool could not be reached

export class WallpaperError extends Error {
  readonly code: ErrorCode;

  constructor(code: ErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'WallpaperError';
    this.code = code;
  }
}

export const isWallpaperError = (error: unknown): error is WallpaperError =>
  error instanceof WallpaperError;

/** The message of anything thrown, on one line. */
export function oneLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/\s*\n\s*/g, ' ').trim();
}
