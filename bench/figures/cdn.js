// Figure: nginx (Debian's package) with the shipped contrib/nginx/wallpaper-cache.conf in front of two
// `serve` replicas sharing one index. After one warm-up pass, wrk asks for every wallpaper's image,
// thumbnail and a 1280x720 variant through nginx; its access log says which bytes came from the
// cache (`$upstream_cache_status` HIT) and which from a replica. The target is >= 95% from the
// cache. The same paths straight from one replica give the req/s nginx is compared with.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pairedRuns, rateSides } from '../lib/paired.js';
import { startWallpaper } from '../lib/servers.js';
import { freePort } from '../../test/helpers/ports.js';
import { writeScript } from '../lib/wrk.js';

const SHIPPED = fileURLToPath(new URL('../../contrib/nginx/wallpaper-cache.conf', import.meta.url));

export const hasNginx = () => spawnSync('nginx', ['-v'], { stdio: 'ignore' }).error === undefined;

/** The shipped config, pointed at these replicas, this cache folder and this port. */
function nginxConfig(dir, port, replicas) {
  const shipped = readFileSync(SHIPPED, 'utf8')
    .replace(
      / {4}server 127\.0\.0\.1:8519;\n {4}server 127\.0\.0\.1:8520;/,
      replicas.map((r) => `    server ${new URL(r.base).host};`).join('\n'),
    )
    .replace('/var/cache/nginx/wallpaper', join(dir, 'cache'))
    .replace('listen 80;', `listen 127.0.0.1:${port};`);
  const user = process.getuid?.() === 0 ? 'user root;\n' : '';
  return `${user}daemon off;\nworker_processes 1;\npid ${dir}/nginx.pid;\nerror_log ${dir}/error.log;\nevents {}\nhttp {
  log_format cache '$upstream_cache_status $body_bytes_sent';
  access_log ${dir}/access.log cache;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi; uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
${shipped}
}\n`;
}

/** nginx with the shipped config in `dir` in front of `replicas` ({ base }); resolves once it answers.
 * On a free port; one taken by another process meanwhile (busy test machines) is tried again. */
export async function startNginx(dir, replicas, attempts = 3) {
  mkdirSync(dir, { recursive: true });
  const port = await freePort();
  writeFileSync(join(dir, 'nginx.conf'), nginxConfig(dir, port, replicas));
  writeFileSync(join(dir, 'error.log'), '');
  const child = spawn('nginx', ['-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) {
      const log = readFileSync(join(dir, 'error.log'), 'utf8');
      if (attempts > 1 && log.includes('Address already in use')) return startNginx(dir, replicas, attempts - 1);
      throw new Error(`nginx exited: ${log}`);
    }
    if (
      await fetch(`${base}/api/status`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', resolve);
      child.kill('SIGQUIT');
    });
  return { base, stop };
}

/** Bytes of the access log lines from `offset` on: from the cache (HIT) and in all. */
function cacheShare(logFile, offset) {
  const lines = readFileSync(logFile, 'utf8').slice(offset).trim().split('\n');
  let hit = 0;
  let all = 0;
  for (const line of lines) {
    const [status, bytes] = line.split(' ');
    all += Number(bytes);
    if (status === 'HIT') hit += Number(bytes);
  }
  return { hit, all, requests: lines.length };
}

export async function cdnFigure({ corpus, options, scratch, log }) {
  const home = join(scratch, 'cdn-home');
  const first = await startWallpaper(home, { args: [corpus.dir] });
  const second = await startWallpaper(home);
  const dir = join(scratch, 'nginx');
  const nginx = await startNginx(dir, [first, second]);
  try {
    const { wallpapers } = await (await fetch(`${first.base}/api/wallpapers?limit=100`)).json();
    const paths = wallpapers.flatMap(({ id }) => [
      `/api/wallpapers/${id}/image`,
      `/api/wallpapers/${id}/thumbnail`,
      `/api/wallpapers/${id}/image?w=1280&h=720`,
    ]);
    for (const path of paths) await (await fetch(nginx.base + path)).arrayBuffer(); // warm-up: every key once
    const logFile = join(dir, 'access.log');
    const offset = statSync(logFile).size;
    const script = writeScript(scratch, 'cdn', paths);
    const r = pairedRuns({
      subject: { base: nginx.base, script },
      baseline: { base: first.base, script },
      runs: options.runs,
      seconds: options.duration,
      log,
      label: 'cdn',
    });
    const share = cacheShare(logFile, offset);
    const randomCached = [];
    for (let i = 0; i < 5; i++) randomCached.push((await fetch(`${nginx.base}/api/wallpapers/random/image`)).headers.get('x-cache-status'));
    const percent = (100 * share.hit) / share.all;
    log(
      `  cdn: ${share.requests} requests through nginx after warm-up, ${(share.all / 2 ** 30).toFixed(1)} GiB, ${percent.toFixed(2)}% from the cache`,
    );
    return [
      {
        name: `image bytes from nginx's cache after warm-up (${wallpapers.length} wallpapers x image, thumbnail, 1280x720 variant)`,
        subject: { label: 'nginx', values: [percent], unit: '%' },
        ratio: { kind: 'atleast', target: 95, unit: '%' },
        note: `${share.requests} requests, ${(share.all / 2 ** 30).toFixed(2)} GiB through nginx; ${share.all - share.hit} bytes from the replicas; /random/image never cached: ${randomCached.every((status) => status === null)}`,
      },
      {
        name: 'the same images through nginx vs straight from one replica (req/s)',
        ...rateSides(r, 'nginx cache', 'one replica'),
        ratio: { kind: 'rate', target: 1 },
        note: `MB/s: nginx ${Math.max(...r.subject.map((x) => x.mbps)).toFixed(0)}, replica ${Math.max(...r.baseline.map((x) => x.mbps)).toFixed(0)} (at best)`,
      },
    ];
  } finally {
    await Promise.all([nginx.stop(), first.stop(), second.stop()]);
  }
}
