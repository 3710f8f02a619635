// A real PostgreSQL (Debian's postgresql-15) for the tests that run the index on it: a throwaway
// cluster in a temporary folder (initdb, pg_ctl; as an unprivileged user when this is root, since
// the server refuses root), on a free local port, stopped when the test ends. Each caller gets a
// fresh database. Callers skip with the reason when it cannot be started.
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Test } from 'tap';
import { unprivileged } from './unprivileged.js';

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

/** The folder of initdb and pg_ctl: Debian keeps them out of PATH, under /usr/lib/postgresql/N/bin. */
function binaries(): string | undefined {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  return versions.map((v) => join(root, v, 'bin')).find((dir) => existsSync(join(dir, 'initdb')));
}

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

let databases = 0;

/** Start a server for this test (stopped at its end), or say why it cannot run. */
export async function startPostgres(t: Test): Promise<Postgres | string> {
  const bin = binaries();
  if (!bin) return 'PostgreSQL is not installed (apt-get install postgresql-15)';
  const user = unprivileged('PostgreSQL');
  if (typeof user === 'string') return user;
  const dir = mkdtempSync(join(tmpdir(), 'wallpaper-pg-'));
  chownSync(dir, user.uid, user.gid);
  const as = (tool: string, args: string[]) => {
    const command = process.getuid?.() === 0 ? 'setpriv' : join(bin, tool);
    const argv =
      process.getuid?.() === 0 ? [`--reuid=${user.uid}`, `--regid=${user.gid}`, '--clear-groups', join(bin, tool), ...args] : args;
    execFileSync(command, argv, { stdio: 'pipe', cwd: dir });
  };
  const data = join(dir, 'data');
  const port = await freePort();
  // Durability off: a test cluster lives for seconds.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  const start = () => as('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-o', options, '-w', 'start']);
  try {
    as('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8', '--no-locale']);
    start();
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    return `PostgreSQL could not be started: ${(error as { stderr?: Buffer }).stderr?.toString().trim() || (error as Error).message}`;
  }
  t.teardown(() => {
    try {
      as('pg_ctl', ['-D', data, '-m', 'immediate', 'status']);
      as('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
    } catch {
      // Not running.
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  const admin = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    port,
    start,
    stop: () => as('pg_ctl', ['-D', data, '-m', 'fast', 'stop']),
    async createDatabase() {
      const name = `wallpaper_${process.pid}_${++databases}`;
      const client = new pg.Client(admin);
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${name}`);
      } finally {
        await client.end();
      }
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
  };
}
