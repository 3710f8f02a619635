// Baseline of the file figures: sirv (the static server the project already uses for the gallery)
// serving a folder, with ETags, as a plain production static server would.
// Usage: node sirv.js DIR   (prints "port N" once listening)
import { createServer } from 'node:http';
import sirv from 'sirv';

const serve = sirv(process.argv[2], { etag: true, dev: false, dotfiles: false });
const server = createServer((req, res) =>
  serve(req, res, () => {
    res.statusCode = 404;
    res.end('not found');
  }),
);
server.keepAliveTimeout = 5000;
server.listen(0, '127.0.0.1', () => console.log(`port ${server.address().port}`));
