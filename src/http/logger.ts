// The server's log: one line per event with an ISO timestamp and a level, as text for people
// (`2026-11-24T08:00:00.000Z INFO listening on http://127.0.0.1:8519`) or as JSON for log collectors
// (`--log-format json`: journald, Loki, Vector read one object per line). The opt-in access log
// (`--access-log`) adds a line per answered request: method, path, status, bytes, ms. No line ever
// carries a token: the Authorization header is never read here, and token-like query values are
// replaced by `REDACTED`.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { maskPasswords } from '../core/index.js';
import type { Logger } from './errors.js';

export type LogFormat = 'text' | 'json';
export const LOG_FORMATS: readonly LogFormat[] = ['text', 'json'];

export interface LogOptions {
  format: LogFormat;
  write: (line: string) => void;
  /** The clock, for tests. Default: Date.now. */
  now?: () => number;
}

/** What one answered request leaves in the access log. */
export interface AccessEntry {
  method: string;
  path: string;
  status: number;
  bytes: number;
  ms: number;
  /** The client went away before the answer was complete. */
  aborted?: true;
}

export interface ServerLogger extends Logger {
  access(entry: AccessEntry): void;
}

/** Query parameters whose values are secrets wherever a client puts them. */
const SECRET_PARAMS = /^(?:token|access_token|api_key|apikey|key|password|secret)$/i;

/** The request target with secret query values replaced; control characters escaped, so a hostile
 * path cannot forge a log line. */
export function loggedPath(url: string): string {
  const question = url.indexOf('?');
  let path = url;
  if (question >= 0) {
    const params = url
      .slice(question + 1)
      .split('&')
      .map((pair) => {
        const [name = '', ...rest] = pair.split('=');
        return rest.length > 0 && SECRET_PARAMS.test(decodeSafely(name)) ? `${name}=REDACTED` : pair;
      });
    path = `${url.slice(0, question)}?${params.join('&')}`;
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is escaped
  return path.replace(/[\u0000-\u001f\u007f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

export function createLogger({ format, write, now = Date.now }: LogOptions): ServerLogger {
  const time = () => new Date(now()).toISOString();
  // A database URL in an error (a driver's message) never shows its password in the log.
  const emit = (level: 'info' | 'error', message: string, fields: Record<string, unknown> = {}, stack?: string) => {
    if (format === 'json') {
      write(maskPasswords(`${JSON.stringify({ time: time(), level, msg: message, ...fields, ...(stack ? { stack } : {}) })}\n`));
      return;
    }
    write(maskPasswords(`${time()} ${level.toUpperCase()} ${message}\n${stack ? `${stack}\n` : ''}`));
  };
  return {
    info: (line) => emit('info', line),
    error: (line, error) => emit('error', line, {}, error instanceof Error ? error.stack : undefined),
    access(entry) {
      const text = `${entry.method} ${entry.path} ${entry.status} ${entry.bytes} ${entry.ms}ms${entry.aborted ? ' aborted' : ''}`;
      emit('info', format === 'json' ? 'request' : text, format === 'json' ? { ...entry } : {});
    },
  };
}

/** Measure one request and hand its entry to `log` once the answer is out (or the client left). */
export function recordAccess(req: IncomingMessage, res: ServerResponse, log: (entry: AccessEntry) => void): void {
  const started = performance.now();
  let done = false;
  const finish = (aborted: boolean) => {
    if (done) return;
    done = true;
    const bodiless = req.method === 'HEAD' || res.statusCode === 204 || res.statusCode === 304;
    const length = Number(res.getHeader('content-length') ?? 0);
    log({
      method: req.method ?? '',
      path: loggedPath(req.url ?? ''),
      status: res.statusCode,
      bytes: bodiless || !Number.isFinite(length) ? 0 : length,
      ms: Math.round((performance.now() - started) * 10) / 10,
      ...(aborted ? { aborted: true as const } : {}),
    });
  };
  res.once('finish', () => finish(false));
  res.once('close', () => finish(!res.writableFinished));
}
