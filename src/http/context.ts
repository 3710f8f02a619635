// What every route module gets from createApp: the library and the server's resolved options.
import type { Library } from '../core/types.js';
import type { Logger } from './errors.js';

export interface UploadLimits {
  /** File parts per upload request. */
  maxFiles: number;
  /** Uploads processed at once; more get 503 with Retry-After. */
  maxConcurrent: number;
  /** An upload silent this long is abandoned. */
  idleTimeoutMs: number;
}

export interface RouteContext {
  library: Library;
  logger: Logger;
  uploads: UploadLimits;
  /** Largest JSON request body. */
  maxJsonBodyBytes: number;
  /** Whether mutations need a bearer token (else they are open to every loopback client). */
  tokenRequired: boolean;
  /** The desktop session's environment, for POST /api/wallpapers/{id}/set. */
  desktopEnv: NodeJS.ProcessEnv;
  /** The address the server listens on (for the network addresses /api/status reports). */
  host: string;
}
