// Who may change the library (docs/design.md#http-rules, "Access"), as one pure function so the rule
// can be tested for every remote address without a network. Reads are open to everyone; this only
// guards upload, delete, refresh and PUT settings.
import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP, isIPv4 } from 'node:net';

/** What of a request the rule looks at. */
export interface MutationRequest {
  /** The peer address of the socket (not a header: proxies cannot forge it). */
  remoteAddress?: string | undefined;
  origin?: string | undefined;
  host?: string | undefined;
  authorization?: string | undefined;
}

export interface AccessPolicy {
  /** When set, every mutation needs `Authorization: Bearer <token>`, from anywhere. */
  token?: string | undefined;
  /** Host names (besides IP literals and localhost) that name this machine for a loopback client,
   * e.g. os.hostname(), which Debian maps to 127.0.1.1. Default: none. */
  hostNames?: readonly string[];
  /** Origins (scheme://host[:port]) accepted for token-less mutations besides the server's own,
   * e.g. a reverse proxy's `https://wall.example`; their host names count as own Host names.
   * Default: none. Behind a proxy every client looks like loopback: prefer a token there. */
  trustedOrigins?: readonly string[];
}

export type AccessDecision = { ok: true } | { ok: false; status: 401 | 403; message: string };

/** 127.0.0.0/8, ::1 and IPv4-mapped 127.x: the client runs on this machine. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.toLowerCase().startsWith('::ffff:') ? address.slice(7) : address;
  if (isIPv4(v4)) return v4.startsWith('127.');
  return address === '::1' || address === '0:0:0:0:0:0:0:1';
}

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** Compare the bearer token in constant time: equal-length digests, so neither the length nor the
 * position of the first difference leaks through timing. Everything after the scheme counts, inner
 * blanks included: `--token "my secret phrase"` is refused by no rule, and matching only up to the
 * first blank made such a server refuse every mutation, even with the right token. */
export function tokenMatches(authorization: string | undefined, token: string): boolean {
  const match = /^Bearer[ \t]+(.*?)[ \t]*$/i.exec(authorization ?? '');
  const given = match?.[1] ?? '';
  const same = timingSafeEqual(digest(given), digest(token));
  return same && given !== '';
}

/** RFC 9110 section 7.2: Host = uri-host [ ":" port ], uri-host being an IP-literal in brackets, an
 * IPv4 address or a reg-name (RFC 3986: unreserved, pct-encoded, sub-delims), port all digits.
 * Nothing else: no userinfo (`evil@127.0.0.1`), no path (`127.0.0.1/x`), no second colon. */
const HOST_HEADER = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9\-._~!$&'()*+,;=%]+)(?::[0-9]{0,5})?$/;

/** The host name and authority of a Host header value, or undefined when it is not one. */
export function parseHost(value: string | undefined): { host: string; hostname: string } | undefined {
  if (value === undefined || !HOST_HEADER.test(value)) return undefined;
  const port = /:([0-9]*)$/.exec(value.startsWith('[') ? value.slice(value.indexOf(']')) : value)?.[1];
  if (port !== undefined && port !== '' && Number(port) > 65_535) return undefined;
  return authorityOf(`http://${value}`);
}

/** The authority (host:port, default port dropped, lowercase) of an http URL, or undefined. */
function authorityOf(url: string): { host: string; hostname: string } | undefined {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:') return undefined;
    return { host: parsed.host, hostname: parsed.hostname };
  } catch {
    return undefined;
  }
}

/** A Host that only this machine can mean: an IP literal, localhost, or a configured own name.
 * Refusing other names defeats DNS rebinding, where a hostile site's name resolves to 127.0.0.1 so
 * that its pages look same-origin to a server that only compares Origin with Host. */
function isOwnHostName(hostname: string, policy: AccessPolicy): boolean {
  const name = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (isIP(name) !== 0) return true;
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  if ((policy.hostNames ?? []).some((own) => own.toLowerCase() === name)) return true;
  return trusted(policy).some((origin) => origin.hostname === name);
}

/** The trusted origins, parsed; malformed entries are dropped (they could never match). */
function trusted(policy: AccessPolicy): URL[] {
  return (policy.trustedOrigins ?? []).flatMap((origin) => {
    try {
      return [new URL(origin)];
    } catch {
      return [];
    }
  });
}

/** The serialised origin of a header value, or undefined when it is not a URL (e.g. "null"). */
function originOf(value: string): string | undefined {
  try {
    const origin = new URL(value).origin;
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

/** The access rule: ok, 401 (token missing or wrong) or 403 (refused without a token). */
export function checkMutation(req: MutationRequest, policy: AccessPolicy): AccessDecision {
  if (policy.token !== undefined && policy.token !== '') {
    if (tokenMatches(req.authorization, policy.token)) return { ok: true };
    return { ok: false, status: 401, message: 'this change needs the server token: send Authorization: Bearer <token>' };
  }
  if (!isLoopback(req.remoteAddress)) {
    return { ok: false, status: 403, message: 'changes are only accepted from this machine unless the server has a token (--token)' };
  }
  // A missing or malformed Host (HTTP/1.0, `evil.example@127.0.0.1`) is refused, never guessed at.
  const host = parseHost(req.host);
  if (!host || !isOwnHostName(host.hostname, policy)) {
    return {
      ok: false,
      status: 403,
      message: 'changes without a token are only accepted for a local Host name (localhost or an IP address)',
    };
  }
  if (req.origin !== undefined) {
    const serialised = originOf(req.origin);
    if (serialised !== undefined && trusted(policy).some((origin) => origin.origin === serialised)) return { ok: true };
    const origin = authorityOf(req.origin);
    if (!origin || origin.host !== host.host) {
      return { ok: false, status: 403, message: 'changes from another site are refused (Origin is not this server)' };
    }
  }
  return { ok: true };
}
