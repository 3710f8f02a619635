// The URL of a listening address: shared by the server and the serve command, which prints it before
// the HTTP stack is loaded for anything else.

/** `http://host:port`, with an IPv6 literal in brackets as URLs require. */
export function urlOf(host: string, port: number): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}
