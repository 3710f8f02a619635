// Soak phase: load. `connections` keep-alive connections for `seconds`, mixing list, random,
// image, thumbnail, HEAD and Range reads (with some fuzzed queries and downloads abandoned half-way)
// with uploads (good and hostile), deletes and refreshes at the same time. Every answer is checked
// (no 5xx, errors in plain text); every connection error is counted.
import { Agent, request } from 'undici';
import { checkReply, fuzzPath } from './fuzz.js';
import { claimedSizePng, junk } from './images.js';

const BOUNDARY = '----wallpaper-soak-load';
/** Upload workers: below the server's cap of 4 concurrent uploads, so a 503 would be a fault. */
const UPLOADERS = 2;
/** One worker deletes uploaded wallpapers and refreshes; the rest read. */
const MUTATORS = 1;
/** Pause of the mutation worker between operations: a rescan every few seconds, as a busy
 * gallery with an admin clicking "rescan" would see. */
const MUTATOR_PAUSE_MS = 250;

const multipart = (filename, data) =>
  Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);

function hostileUploads(good) {
  return [
    ['empty.jpg', Buffer.alloc(0), 415],
    ['noise.jpg', junk(30_000, 11), 415],
    ['page.jpg', Buffer.from('<html><script>alert(1)</script></html>'), 415],
    ['image.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 415],
    ['bomb.png', claimedSizePng(50_000, 50_000), 413],
    ['cut.jpg', good.subarray(0, good.length >> 1), 415],
  ];
}

export async function runLoad({ base, seconds, connections, rng, seedIds, images }) {
  const agent = new Agent({ connections, keepAliveTimeout: 4_000, headersTimeout: 30_000, bodyTimeout: 30_000 });
  const stats = {
    requests: 0,
    byKind: {},
    statuses: {},
    errors5xx: 0,
    badAnswers: 0,
    connectionErrors: 0,
    samples: [],
    uploads: 0,
    hostileUploads: 0,
    deletes: 0,
    refreshes: 0,
    aborted: 0,
    fuzzed: 0,
    latencies: [],
  };
  const ids = [...seedIds];
  const uploaded = [];
  const until = Date.now() + seconds * 1000;
  let imageIndex = 0;

  const note = (kind, status, headers, body, path, head) => {
    stats.requests++;
    stats.byKind[kind] = (stats.byKind[kind] ?? 0) + 1;
    stats.statuses[status] = (stats.statuses[status] ?? 0) + 1;
    if (status >= 500) stats.errors5xx++;
    const problem = checkReply(status, headers, body, [], { head });
    if (problem) {
      stats.badAnswers++;
      if (stats.samples.length < 20) stats.samples.push(`${kind} ${path.slice(0, 120)}: ${problem}`);
    }
  };
  const send = async (kind, path, options = {}) => {
    const started = performance.now();
    try {
      const reply = await request(`${base}${path}`, { dispatcher: agent, ...options });
      const body = Buffer.from(await reply.body.arrayBuffer());
      stats.latencies.push(performance.now() - started);
      note(kind, reply.statusCode, reply.headers, body, path, options.method === 'HEAD');
      return { status: reply.statusCode, body };
    } catch (error) {
      stats.connectionErrors++;
      if (stats.samples.length < 20) stats.samples.push(`${kind} ${path.slice(0, 120)}: ${error.code ?? ''} ${error.message}`);
      return { status: 0, body: Buffer.alloc(0) };
    }
  };

  const reader = async () => {
    while (Date.now() < until) {
      const id = rng.pick(ids);
      const roll = rng.int(100);
      if (roll < 25)
        await send(
          'list',
          `/api/wallpapers?page=${rng.between(1, 5)}&limit=${rng.pick([10, 50, 200])}${rng.chance(0.5) ? `&brightness=${rng.pick(['dark', 'light', 'medium', 'any'])}` : ''}`,
        );
      else if (roll < 35)
        await send(
          'random',
          `/api/wallpapers/random${rng.chance(0.5) ? `?orientation=${rng.pick(['landscape', 'portrait', 'square'])}` : ''}`,
        );
      else if (roll < 45) await send('random-image', '/api/wallpapers/random/image');
      else if (roll < 65) await send('image', `/api/wallpapers/${id}/image`);
      else if (roll < 83) await send('thumbnail', `/api/wallpapers/${id}/thumbnail`);
      else if (roll < 86) await send('head', `/api/wallpapers/${id}/image`, { method: 'HEAD' });
      else if (roll < 89)
        await send('range', `/api/wallpapers/${id}/image`, {
          headers: { range: `bytes=${rng.between(0, 500)}-${rng.between(501, 5000)}` },
        });
      else if (roll < 91) await send('conditional', `/api/wallpapers/${id}/image`, { headers: { 'if-none-match': `"${id}"` } });
      else if (roll < 97) {
        stats.fuzzed++;
        await send('fuzz', fuzzPath(rng, ids));
      } else {
        // A download abandoned after the headers: the server must release the file descriptor.
        const controller = new AbortController();
        try {
          const reply = await request(`${base}/api/wallpapers/${id}/image`, { dispatcher: agent, signal: controller.signal });
          stats.requests++;
          stats.byKind.abandoned = (stats.byKind.abandoned ?? 0) + 1;
          stats.statuses[reply.statusCode] = (stats.statuses[reply.statusCode] ?? 0) + 1;
          if (reply.statusCode >= 500) stats.errors5xx++;
          controller.abort();
          await reply.body.dump().catch(() => undefined);
          stats.aborted++;
        } catch (error) {
          if (error.name !== 'AbortError') stats.connectionErrors++;
        }
      }
    }
  };

  const uploader = async () => {
    while (Date.now() < until) {
      if (rng.chance(0.15)) {
        const cases = hostileUploads(images[imageIndex % images.length]);
        const [name, data, expected] = rng.pick(cases);
        const reply = await send('hostile-upload', '/api/upload', {
          method: 'POST',
          headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
          body: multipart(name, data),
        });
        stats.hostileUploads++;
        if (reply.status !== expected && reply.status !== 0) {
          stats.badAnswers++;
          if (stats.samples.length < 20) stats.samples.push(`hostile ${name}: ${reply.status}, expected ${expected}`);
        }
        continue;
      }
      const data = images[imageIndex++ % images.length];
      const reply = await send('upload', '/api/upload', {
        method: 'POST',
        headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
        body: multipart(`soak-${imageIndex}.jpg`, data),
      });
      if (reply.status === 201) {
        stats.uploads++;
        for (const w of JSON.parse(reply.body.toString()).wallpapers) {
          if (!ids.includes(w.id)) {
            ids.push(w.id);
            uploaded.push(w.id);
          }
        }
      }
    }
  };

  const mutator = async () => {
    let turn = 0;
    while (Date.now() < until) {
      turn++;
      if (turn % 12 === 0) {
        const reply = await send('refresh', '/api/refresh', { method: 'POST' });
        if (reply.status === 200) stats.refreshes++;
      } else if (uploaded.length > 5) {
        const id = uploaded.shift();
        const reply = await send('delete', `/api/wallpapers/${id}`, { method: 'DELETE' });
        if (reply.status === 204) stats.deletes++;
        ids.splice(ids.indexOf(id), 1);
      } else {
        await send('settings', '/api/settings');
      }
      await new Promise((done) => setTimeout(done, MUTATOR_PAUSE_MS));
    }
  };

  const readers = Math.max(1, connections - UPLOADERS - MUTATORS);
  await Promise.all([
    ...Array.from({ length: readers }, reader),
    ...Array.from({ length: UPLOADERS }, uploader),
    ...Array.from({ length: MUTATORS }, mutator),
  ]);
  await agent.close();
  const sorted = stats.latencies.sort((a, b) => a - b);
  stats.p50ms = Math.round(sorted[Math.floor(sorted.length * 0.5)] ?? 0);
  stats.p99ms = Math.round(sorted[Math.floor(sorted.length * 0.99)] ?? 0);
  delete stats.latencies;
  stats.remainingUploaded = uploaded;
  stats.liveIds = ids;
  return stats;
}
