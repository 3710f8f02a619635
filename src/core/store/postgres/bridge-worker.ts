// The thread behind bridge.ts: it owns the PostgreSQL connections (node-postgres is asynchronous)
// and answers one query at a time for the blocked caller. A second connection LISTENs for the
// index's change notices (schema.ts: every change to a table but the leases sends one) and counts
// those of other connections in shared memory, where the caller reads its version. Either
// connection, once lost (the server restarted, the network dropped), is made again: the query
// connection at the next query, the listener a second later.
import { type MessagePort, workerData } from 'node:worker_threads';
import pg from 'pg';

interface Setup {
  url: string;
  /** The channel of the change notices (schema.ts). */
  channel: string;
  port: MessagePort;
  /** [0]: set to 1 when an answer is posted; [1]: the change notices seen (bridge.ts) */
  shared: SharedArrayBuffer;
}

interface Ask {
  sql: string;
  params: unknown[];
}

const { url, channel, port, shared } = workerData as Setup;
const signal = new Int32Array(shared);
const RECONNECT_MS = 1000;

// Integers as numbers, as SQLite gives them (ids and counts stay far below 2^53).
pg.types.setTypeParser(pg.types.builtins.INT8, Number);
pg.types.setTypeParser(pg.types.builtins.NUMERIC, Number);

/** The query connection and its server process (which sends this connection's own notices). */
let queries: Promise<{ client: pg.Client; pid: number }> | undefined;
let ownPid: number | undefined;

function connection(): Promise<{ client: pg.Client; pid: number }> {
  queries ??= (async () => {
    const client = new pg.Client({ connectionString: url, application_name: 'wallpaper' });
    client.on('error', () => undefined); // a lost connection fails its query; the next one reconnects
    client.on('end', () => (queries = undefined));
    try {
      await client.connect();
      const pid = (await client.query('SELECT pg_backend_pid() AS pid')).rows[0].pid as number;
      ownPid = pid;
      return { client, pid };
    } catch (error) {
      queries = undefined;
      client.end().catch(() => undefined);
      throw error;
    }
  })();
  return queries;
}

function answer(message: unknown): void {
  port.postMessage(message);
  Atomics.store(signal, 0, 1);
  Atomics.notify(signal, 0);
}

/** Bytes arrive as Uint8Array (the structured clone drops Buffer); node-postgres wants a Buffer. */
const bind = (value: unknown) => (value instanceof Uint8Array && !Buffer.isBuffer(value) ? Buffer.from(value) : value);

/** Server-side prepared statements by SQL text: planned once per connection, not per query (the
 * record read of a random pick: 0.30 -> 0.17 ms at 100k). A text of several statements (a migration) cannot be. */
const names = new Map<string, string>();
const nameOf = (sql: string): string | undefined => {
  if (sql.includes(';')) return undefined;
  const name = names.get(sql) ?? `s${names.size + 1}`;
  names.set(sql, name);
  return name;
};

port.on('message', async ({ sql, params }: Ask) => {
  try {
    const { client } = await connection();
    const results = await client.query({ name: nameOf(sql), text: sql, values: params.map(bind), rowMode: 'array' });
    // Several statements in one text (a migration) answer one result each: the last one counts.
    const result = Array.isArray(results) ? results.at(-1)! : results;
    answer({ rows: result.rows, fields: result.fields.map((field: { name: string }) => field.name), count: result.rowCount ?? 0 });
  } catch (error) {
    const { message, code } = error as { message?: string; code?: string };
    answer({ error: { message: message ?? String(error), code } });
  }
});

/** Count every other connection's change notice; while the listener is lost, count one a second, so
 * the caches never trust a version they could not follow. */
async function listen(): Promise<void> {
  const listener = new pg.Client({ connectionString: url, application_name: 'wallpaper listener' });
  let gone = false;
  const lost = () => {
    if (gone) return;
    gone = true;
    Atomics.add(signal, 1, 1);
    listener.end().catch(() => undefined);
    setTimeout(() => void listen(), RECONNECT_MS).unref();
  };
  listener.on('notification', ({ processId }) => {
    if (processId !== ownPid) Atomics.add(signal, 1, 1);
  });
  listener.on('error', lost);
  listener.on('end', lost);
  try {
    await listener.connect();
    await listener.query(`LISTEN ${channel}`);
  } catch {
    lost();
  }
}
void listen();
