// The ceiling of an endpoint that reads the index once per request: a bare node:http server that
// answers every request with one uniform random record's JSON, read by the store exactly as
// /random reads it (Store.recordJson), and nothing else (no routing, no filters, no version check).
// Usage: node bare-read.js INDEX_FILE   (prints "port N" once listening)
import { createServer } from 'node:http';
import { randomInt } from 'node:crypto';
import { openStore } from '../../dist/core/store/index.js';

const store = openStore(process.argv[2]);
const ids = store.prepare('SELECT id FROM wallpapers').pluck().all();

const server = createServer((_req, res) => {
  const body = Buffer.from(store.recordJson(ids[randomInt(ids.length)]));
  res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': body.length });
  res.end(body);
});
server.keepAliveTimeout = 5000;
server.listen(0, '127.0.0.1', () => console.log(`port ${server.address().port}`));
