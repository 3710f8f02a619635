// The route table's mechanics: each API path declares its methods once, and mounting derives the
// rest from that declaration: HEAD for GET, an OPTIONS answer (CORS preflight for reads), 405 with
// `Allow` for any other method, and the access rule in front of every mutation.
import type { Polka, Request, Response } from 'polka';
import { checkMutation, type AccessPolicy } from './access.js';
import { HttpError } from './errors.js';
import { PREFLIGHT_MAX_AGE_SECONDS } from './limits.js';

type Handler = (req: Request, res: Response) => Promise<void> | void;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Route {
  /** A polka pattern, e.g. `/api/wallpapers/:id/image`. */
  path: string;
  methods: Partial<Record<Method, Handler>>;
}

/** Methods that change the library: they go through the access rule. */
const MUTATIONS: ReadonlySet<Method> = new Set(['POST', 'PUT', 'DELETE']);

/** Request headers a cross-origin reader may send (conditional and range requests of images). */
const PREFLIGHT_HEADERS = 'Range, If-None-Match, If-Modified-Since, If-Range';

function allowOf(route: Route): string {
  const methods = Object.keys(route.methods) as Method[];
  const allow: string[] = [];
  for (const method of methods) {
    allow.push(method);
    if (method === 'GET') allow.push('HEAD');
  }
  return [...allow, 'OPTIONS'].join(', ');
}

/** Guard a mutation handler with the access rule; refused requests never reach the handler. */
function guarded(handler: Handler, policy: AccessPolicy): Handler {
  return (req, res) => {
    const decision = checkMutation(
      {
        remoteAddress: req.socket.remoteAddress,
        origin: req.headers.origin,
        host: req.headers.host,
        authorization: req.headers.authorization,
      },
      policy,
    );
    if (!decision.ok) {
      throw new HttpError(decision.status, decision.message, decision.status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {});
    }
    return handler(req, res);
  };
}

/**
 * Mount routes in order. Order matters: polka runs the first matching handler, so fixed paths
 * (`/api/wallpapers/random`) must come before patterns that would also match (`/:id`).
 */
export function mountRoutes(app: Polka, routes: readonly Route[], policy: AccessPolicy): void {
  for (const route of routes) {
    const allow = allowOf(route);
    for (const [method, handler] of Object.entries(route.methods) as [Method, Handler][]) {
      app.add(method, route.path, MUTATIONS.has(method) ? guarded(handler, policy) : handler);
    }
    const readable = route.methods.GET !== undefined;
    app.add('OPTIONS', route.path, (_req: Request, res: Response) => {
      res.statusCode = 204;
      res.setHeader('Allow', allow);
      if (readable) {
        // Browsers may read from anywhere; mutations get no CORS grant, so cross-site pages cannot
        // send them with credentials or custom headers.
        res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD');
        res.setHeader('Access-Control-Allow-Headers', PREFLIGHT_HEADERS);
        res.setHeader('Access-Control-Max-Age', String(PREFLIGHT_MAX_AGE_SECONDS));
      }
      res.end();
    });
    app.all(route.path, () => {
      throw new HttpError(405, `method not allowed here: use ${allow}`, { Allow: allow });
    });
  }
}
