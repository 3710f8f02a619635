// Baseline of the JSON figures: a bare node:http server that answers each path with a precomputed
// body (the one the real server sent for that path, so the same size) and a fallback body for any
// other path. Nothing but Node sending bytes: the ceiling a JSON endpoint can approach.
// Usage: node bare-json.js BODIES.json   (prints "port N" once listening)
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const spec = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const bodies = new Map(Object.entries(spec.bodies).map(([path, body]) => [path, Buffer.from(body)]));
const fallback = Buffer.from(spec.fallback ?? '{}');

const server = createServer((req, res) => {
  const body = bodies.get(req.url) ?? fallback;
  res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': body.length });
  res.end(body);
});
server.keepAliveTimeout = 5000;
server.listen(0, '127.0.0.1', () => console.log(`port ${server.address().port}`));
