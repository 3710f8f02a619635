// A real PostgreSQL (Debian's postgresql-15) for the tests that run the index on it: a throwaway
// cluster (postgres-cluster.js) in a temporary folder, stopped and removed when the test ends. Each
// caller gets a fresh database. Callers skip with the reason when it cannot be started.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Test } from 'tap';
import { startCluster } from './postgres-cluster.js';

export interface Postgres {
  /** The URL of a new, empty database on this server. */
  createDatabase(): Promise<string>;
  /** The server's port. */
  port: number;
  /** Stop the server (fast shutdown: sessions are ended), as an outage would. */
  stop(): void;
  /** Start it again on the same port. */
  start(): void;
}

/** Start a server for this test (stopped at its end), or say why it cannot run. */
export async function startPostgres(t: Test): Promise<Postgres | string> {
  // The inner loop (`npm run test:quick`) leaves PostgreSQL out: every test on it skips, saying so.
  if (process.env.WALLPAPER_TEST_POSTGRES === 'skip') return 'left out by WALLPAPER_TEST_POSTGRES=skip (npm run test:quick)';
  const dir = mkdtempSync(join(tmpdir(), 'wallpaper-pg-'));
  const cluster = await startCluster(dir);
  if (typeof cluster === 'string') {
    rmSync(dir, { recursive: true, force: true });
    return cluster;
  }
  t.teardown(() => {
    try {
      if (cluster.running()) cluster.stop('immediate');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  return { port: cluster.port, start: cluster.start, stop: () => cluster.stop(), createDatabase: () => cluster.createDatabase() };
}
