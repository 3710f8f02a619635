// The thread behind bridge.ts: it owns the PostgreSQL connections (node-postgres is asynchronous)
// and answers one query at a time for the blocked caller. A second connection LISTENs for the
// index's change notices (schema.ts: every change to a table but the leases sends one) and counts
// those of other connections in shared memory, where the caller reads its version.
import { type MessagePort, workerData } from 'node:worker_threads';
import pg from 'pg';
import { CHANNEL } from './schema.js';

interface Setup {
  url: string;
  port: MessagePort;
  /** [0]: set to 1 when an answer is posted; [1]: the change notices seen (bridge.ts) */
  shared: SharedArrayBuffer;
}

interface Ask {
  sql: string;
  params: unknown[];
}

const { url, port, shared } = workerData as Setup;
const signal = new Int32Array(shared);

// Integers as numbers, as SQLite gives them (ids and counts stay far below 2^53).
pg.types.setTypeParser(pg.types.builtins.INT8, Number);
pg.types.setTypeParser(pg.types.builtins.NUMERIC, Number);

const queries = new pg.Client({ connectionString: url, application_name: 'wallpaper' });
/** The server process of `queries`, which sends this connection's own change notices. */
let ownPid: number | undefined;
const connected = queries.connect().then(async () => {
  ownPid = (await queries.query('SELECT pg_backend_pid() AS pid')).rows[0].pid;
});
// A broken connection fails the query that meets it; later queries fail at once with its reason.
let broken: Error | undefined;
queries.on('error', (error) => (broken = error));

function answer(message: unknown): void {
  port.postMessage(message);
  Atomics.store(signal, 0, 1);
  Atomics.notify(signal, 0);
}

/** Bytes arrive as Uint8Array (the structured clone drops Buffer); node-postgres wants a Buffer. */
const bind = (value: unknown) => (value instanceof Uint8Array && !Buffer.isBuffer(value) ? Buffer.from(value) : value);

port.on('message', async ({ sql, params }: Ask) => {
  try {
    await connected;
    if (broken) throw broken;
    const results = await queries.query({ text: sql, values: params.map(bind), rowMode: 'array' });
    // Several statements in one text (a migration) answer one result each: the last one counts.
    const result = Array.isArray(results) ? results.at(-1)! : results;
    answer({ rows: result.rows, fields: result.fields.map((field: { name: string }) => field.name), count: result.rowCount ?? 0 });
  } catch (error) {
    const { message, code } = error as { message?: string; code?: string };
    answer({ error: { message: message ?? String(error), code } });
  }
});

/** Count every change notice; a lost listener counts one per second while it reconnects, so the
 * caches never trust a version they could not follow. */
async function listen(): Promise<void> {
  const listener = new pg.Client({ connectionString: url, application_name: 'wallpaper listener' });
  let gone = false;
  const lost = () => {
    if (gone) return;
    gone = true;
    Atomics.add(signal, 1, 1);
    listener.end().catch(() => undefined);
    setTimeout(() => void listen(), 1000).unref();
  };
  // This connection's own commits are not news: the caller counts them itself (as SQLite's
  // data_version does not move for a connection's own writes).
  listener.on('notification', ({ processId }) => {
    if (processId !== ownPid) Atomics.add(signal, 1, 1);
  });
  listener.on('error', lost);
  try {
    await listener.connect();
    await listener.query(`LISTEN ${CHANNEL}`);
  } catch {
    lost();
  }
}
void listen();
