// A PostgreSQL cluster of Debian's packages in a folder of ours: initdb once, pg_ctl start and stop
// (as an unprivileged user when this is root: the server refuses root), on a free local port with
// trust authentication and durability off. Plain JavaScript: the tests (helpers/postgres.ts, a
// throwaway cluster per test file) and the benchmark (a cached one in bench/.corpus) share it.
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './ports.js';
import { unprivileged } from './unprivileged.js';

/** The folder of initdb and pg_ctl: Debian keeps them out of PATH, under /usr/lib/postgresql/N/bin. */
function binaries() {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  return versions.map((v) => join(root, v, 'bin')).find((dir) => existsSync(join(dir, 'initdb')));
}

/**
 * Start the cluster in `dir` (made by initdb when it has none yet), or say why it cannot run.
 * @param {string} dir
 * @returns {Promise<{ port: number, start(): void, stop(mode?: 'fast' | 'immediate'): void, running(): boolean, createDatabase(name?: string): Promise<string>, dropDatabase(name: string): Promise<void> } | string>}
 */
export async function startCluster(dir) {
  const bin = binaries();
  if (!bin) return 'PostgreSQL is not installed (apt-get install postgresql-15)';
  const user = unprivileged('PostgreSQL');
  if (typeof user === 'string') return user;
  mkdirSync(dir, { recursive: true });
  chownSync(dir, user.uid, user.gid);
  const root = process.getuid?.() === 0;
  /** @param {string} tool @param {string[]} args */
  const as = (tool, args) =>
    root
      ? execFileSync('setpriv', [`--reuid=${user.uid}`, `--regid=${user.gid}`, '--clear-groups', join(bin, tool), ...args], {
          stdio: 'pipe',
          cwd: dir,
        })
      : execFileSync(join(bin, tool), args, { stdio: 'pipe', cwd: dir });
  const data = join(dir, 'data');
  const port = await freePort();
  // Durability off: a test or benchmark cluster holds nothing that cannot be made again.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  const start = () => as('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-o', options, '-w', 'start']);
  const running = () => {
    try {
      as('pg_ctl', ['-D', data, 'status']);
      return true;
    } catch {
      return false;
    }
  };
  try {
    if (!existsSync(join(data, 'PG_VERSION')))
      as('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8', '--no-locale']);
    if (running()) as('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']); // left by a killed run: its port is not ours
    start();
  } catch (error) {
    const { stderr, message } = /** @type {{ stderr?: Buffer, message: string }} */ (error);
    return `PostgreSQL could not be started: ${stderr?.toString().trim() || message}`;
  }
  /** Run `work` on a connection to the server's own database. @param {(client: pg.Client) => Promise<unknown>} work */
  const asAdmin = async (work) => {
    const client = new pg.Client(`postgres://postgres@127.0.0.1:${port}/postgres`);
    await client.connect();
    try {
      await work(client);
    } finally {
      await client.end();
    }
  };
  let made = 0;
  return {
    port,
    start,
    running,
    stop: (mode = 'fast') => as('pg_ctl', ['-D', data, '-m', mode, 'stop']),
    /** A new empty database (or `name`, made when missing); its URL. */
    async createDatabase(name = `wallpaper_${process.pid}_${++made}`) {
      await asAdmin(async (client) => {
        const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
        if (exists.rowCount === 0) await client.query(`CREATE DATABASE ${name}`);
      });
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    /** Drop the database `name` (its sessions ended first). @param {string} name */
    dropDatabase: (name) => asAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)),
  };
}
