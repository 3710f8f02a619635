// A free local TCP port for a server that cannot be told to pick its own (PostgreSQL, nginx): the
// system hands one out for a moment and takes it back. Plain JavaScript: the tests and the
// benchmark (plain node) share it.
import { createServer } from 'node:net';

/** @returns {Promise<number>} */
export const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
