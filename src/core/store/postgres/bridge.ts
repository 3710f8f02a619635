// PostgreSQL, synchronously: the store answers the HTTP hot paths and the CLI synchronously (as
// better-sqlite3 does), and node-postgres is asynchronous. A worker thread (bridge-worker.ts) runs
// the queries; the caller posts one and blocks on Atomics.wait until the answer is posted back,
// then takes it with receiveMessageOnPort. A query costs one round trip to the server plus ~50 µs.
// node:worker_threads is taken when a bridge starts: a SQLite library's commands never load it
// (docs/design.md#how-the-program-is-built-and-started).
import type { MessagePort, Worker } from 'node:worker_threads';
import { ownWorker } from '../../common/index.js';
import { WallpaperError } from '../../errors.js';
import { CHANNEL } from './schema.js';

const threads = () => process.getBuiltinModule('node:worker_threads');

/** Longer than any query of ours; past it the server or the network is taken as gone. */
const ANSWER_TIMEOUT_MS = 60_000;

export interface Answer {
  rows: unknown[][];
  fields: string[];
  count: number;
}

/** An error from the server, with PostgreSQL's SQLSTATE `code`. */
export class PostgresError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
    this.name = 'PostgresError';
  }
}

/** The index cannot be reached: a 503 to HTTP clients, exit 1 to the CLI, never a 500. */
const unreachable = (reason: string) => new WallpaperError('unavailable', `the PostgreSQL index does not answer: ${reason}`);

/** How long a woken caller looks for the answer that woke it. */
const TAKE_MS = 1000;
const pause = new Int32Array(new SharedArrayBuffer(4));

/** The answer the thread posted before it woke the caller. It is on the port at once by the
 * postMessage contract, but a full suite on a loaded machine once woke a caller that found nothing
 * there (a query failed as "connection ended" with the server up): look again for up to a second. */
function takeAnswer(port: MessagePort): unknown {
  const until = Date.now() + TAKE_MS;
  for (;;) {
    const received = threads().receiveMessageOnPort(port);
    if (received || Date.now() >= until) return received?.message;
    Atomics.wait(pause, 0, 0, 1);
  }
}

/** The thread and the channel to it; made again when a thread stops answering. */
interface Thread {
  worker: Worker;
  port: MessagePort;
}

export class SyncPostgres {
  /** [0]: 1 once an answer is posted; [1]: the change notices seen. Shared by every thread this
   * connection starts, so the notice count (the index version) never goes back. */
  private readonly shared = new SharedArrayBuffer(8);
  private readonly signal = new Int32Array(this.shared);
  private thread: Thread | undefined;
  private closed = false;

  constructor(
    private readonly url: string,
    /** How long a query may take before the thread is taken as stuck. */
    private readonly answerTimeoutMs = ANSWER_TIMEOUT_MS,
  ) {
    this.thread = this.start();
  }

  private start(): Thread {
    const { port1, port2 } = new (threads().MessageChannel)();
    const { file, execArgv } = ownWorker(import.meta.url, 'bridge-worker');
    const worker = new (threads().Worker)(file, {
      execArgv,
      workerData: { url: this.url, channel: CHANNEL, port: port2, shared: this.shared },
      transferList: [port2],
    });
    // Neither keeps the process alive: a CLI command ends when its work does.
    worker.unref();
    port1.unref();
    return { worker, port: port1 };
  }

  /** How many change notices the listener has seen: commits by any other connection to the index. */
  notices(): number {
    return Atomics.load(this.signal, 1);
  }

  query(sql: string, params: readonly unknown[] = []): Answer {
    if (this.closed) throw unreachable('its connection is closed');
    this.thread ??= this.start();
    const { port } = this.thread;
    Atomics.store(this.signal, 0, 0);
    port.postMessage({ sql, params });
    if (Atomics.wait(this.signal, 0, 0, this.answerTimeoutMs) === 'timed-out') {
      // A thread that stopped answering is replaced at the next query; what it may have missed
      // moves the version, so no cache trusts it.
      this.stop();
      Atomics.add(this.signal, 1, 1);
      throw unreachable(`no answer in ${this.answerTimeoutMs / 1000} s`);
    }
    const reply = takeAnswer(port) as (Answer & { error?: undefined }) | { error: { message: string; code?: string } } | undefined;
    if (!reply) throw unreachable('its connection ended');
    if (reply.error) {
      const { message, code } = reply.error;
      // No SQLSTATE (refused, reset, timed out: a system error or none), class 08 (connection
      // exception) or 57P (the server shutting down).
      const sqlState = code !== undefined && /^[0-9A-Z]{5}$/.test(code);
      if (!sqlState || code.startsWith('08') || code.startsWith('57P')) throw unreachable(message);
      throw new PostgresError(message, code);
    }
    return reply;
  }

  private stop(): void {
    if (!this.thread) return;
    this.thread.port.close();
    void this.thread.worker.terminate();
    this.thread = undefined;
  }

  close(): void {
    this.closed = true;
    this.stop();
  }
}
