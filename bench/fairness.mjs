// bench/fairness.mjs BIN -- how long a cheap question waits while others
// draw pictures (make bench-fairness, part of make bench; issue 35).
//
// One service (the release build, --threads 2 as on a 2-core replica). A
// client asks POST /v1/placements (bench/bodies/placements.json) on one
// keep-alive connection, one request after another: first alone, then
// while N connections (BENCH_RENDER_LOOPS, default 6) loop on
// POST /v1/render?width=2048 with Accept: image/png of the 100-tile
// position (bench/positions/p100.json), from a second after they start.
// Each phase lasts BENCH_SECONDS (5) or BENCH_REQUESTS (300) requests,
// whichever comes first (a build without the pool answers a few a second
// under the renders); both phases are measured in the same run,
// BENCH_ROUNDS (3) times interleaved, every request counted.
// Prints the latency (median, 95th percentile, max) of each phase, their
// ratio, the renders answered and refused meanwhile, and the heavy pool's
// counters from /metrics. Before the heavy pool (service/http/heavy.h):
// median 594 ms, max 985 ms under the renders, 0.9 ms alone.
//
// Environment: BENCH_REQUESTS (placements per phase and round, at most 300),
// BENCH_SECONDS (per phase and round, at most 5), BENCH_ROUNDS (3),
// BENCH_RENDER_LOOPS (6), SERVICE_THREADS (2), HEAVY_THREADS (passed as
// --heavy-threads if set).
import { spawn } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import { readFileSync } from 'node:fs';

const bin = process.argv[2];
if (!bin) {
  console.error('usage: node bench/fairness.mjs path/to/carcassonne-rules');
  process.exit(2);
}
const requests = Number(process.env.BENCH_REQUESTS ?? 300);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const nloops = Number(process.env.BENCH_RENDER_LOOPS ?? 6);
const threads = process.env.SERVICE_THREADS ?? '2';
const renderBody = JSON.stringify({ position: JSON.parse(readFileSync('bench/positions/p100.json', 'utf8')) });
const placementsBody = readFileSync('bench/bodies/placements.json', 'utf8');

const freePort = () => new Promise((resolve) => {
  const s = net.createServer();
  s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)); });
});

function ask(port, agent, target, body, headers = {}) {
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: target, agent,
      headers: { 'Content-Type': 'application/json', ...headers } }, (res) => {
      res.on('data', () => {});
      res.on('end', () => resolve({ status: res.statusCode, ms: Number(process.hrtime.bigint() - t0) / 1e6 }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function placements(port, n) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const ms = [];
  const until = Date.now() + seconds * 1000;
  for (let i = 0; i < n && (i === 0 || Date.now() < until); i++) {
    const r = await ask(port, agent, '/v1/placements', placementsBody);
    if (r.status !== 200) throw new Error(`placements answered ${r.status}`);
    ms.push(r.ms);
  }
  agent.destroy();
  return ms;
}

function renderLoops(port, n, counts) {
  let running = true;
  const loops = Array.from({ length: n }, async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    while (running) {
      const r = await ask(port, agent, '/v1/render?width=2048', renderBody, { Accept: 'image/png' });
      if (r.status === 200) counts.ok++;
      else counts.refused++;
      if (r.status === 503) await new Promise((res) => setTimeout(res, 50));
    }
    agent.destroy();
  });
  return async () => { running = false; await Promise.all(loops); };
}

const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return { n: s.length, median: s[Math.floor(s.length / 2)], p95: s[Math.floor(0.95 * s.length)], max: s[s.length - 1] };
};
const fmt = (st) => `median ${st.median.toFixed(2)} ms, p95 ${st.p95.toFixed(2)} ms, max ${st.max.toFixed(2)} ms (${st.n} requests)`;

const port = await freePort();
const heavyArgs = process.env.HEAVY_THREADS ? ['--heavy-threads', process.env.HEAVY_THREADS] : [];
const child = spawn(bin, ['--threads', threads, ...heavyArgs, '--no-access-log'], {
  env: { ...process.env, HOST: '127.0.0.1', PORT: String(port) }, stdio: ['ignore', 'pipe', 'ignore'],
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => { child.kill('SIGKILL'); process.exit(1); });
await new Promise((resolve) => child.stdout.on('data', (d) => { if (/listening on/.test(d)) resolve(); }));
try {
  const alone = [], loaded = [];
  const counts = { ok: 0, refused: 0 };
  for (let r = 0; r < rounds; r++) {
    alone.push(...await placements(port, requests));
    const stop = renderLoops(port, nloops, counts);
    await new Promise((res) => setTimeout(res, 1000));
    loaded.push(...await placements(port, requests));
    await stop();
  }
  const a = stats(alone), l = stats(loaded);
  const metrics = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const metric = (name) => (new RegExp(`^${name} (\\d+)$`, 'm').exec(metrics) ?? [])[1];
  console.log(`fairness: --threads ${threads}, ${nloops} connections looping on 2048-pixel PNG renders, ${rounds} rounds`);
  console.log(`  placements alone:            ${fmt(a)}`);
  console.log(`  placements under the renders: ${fmt(l)}`);
  console.log(`  ratio of the medians: ${(l.median / a.median).toFixed(2)} (before the heavy pool: 594 ms against 0.9 ms, 660)`);
  console.log(`  renders answered meanwhile: ${counts.ok}, refused (503): ${counts.refused}`);
  if (metric('carcassonne_heavy_threads') !== undefined)
    console.log(`  heavy pool: queued ${metric('carcassonne_heavy_requests_queued_total')}, `
      + `refused ${metric('carcassonne_heavy_requests_refused_total')}, threads ${metric('carcassonne_heavy_threads')}, `
      + `queue limit ${metric('carcassonne_heavy_queue_limit')}`);
} finally {
  child.kill('SIGKILL');   /* render loops may still be waiting: no drain */
}
