// tests/contract/oom.test.mjs -- the server under an address-space limit
// (issue 16, part 4): every request gets its answer or a 503, and the
// process lives on.
//
// Measured before: started under `ulimit -v 60M`, the process aborted after
// 3 requests (an assertion in json-c reached from an encoder that did not
// check an allocation); then, with the encoders fixed, the first PNG picture
// crashed it inside fontconfig (its configuration loaded lazily, on the
// first text drawn). Now every allocation failure on a request's path is
// answered 503 with Retry-After (the unit tests fail each allocation in
// turn: tests/service/routes/test_oom_sweep.c), and the fonts are loaded at
// start.
//
// The limit is not a fixed number: the release binary is started once
// without one to measure its address space after start (VmSize), then again
// with that plus MARGIN, enough for ordinary answers and far from enough for
// a 2048-pixel-wide PNG (a 16 MB surface, among others). The sanitizer build
// reserves terabytes of shadow memory, so this test runs the release build
// ($CC_RELEASE_BIN, default build/carcassonne-rules).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './openapi.mjs';
import { freePort } from './server.mjs';
import { small } from './fixtures.mjs';
import { waitFor } from './rawhttp.mjs';

const bin = process.env.CC_RELEASE_BIN
  ? path.resolve(process.env.CC_RELEASE_BIN) : path.join(root, 'build', 'carcassonne-rules');
const MARGIN_KB = 8 * 1024;

// Start bin (under `ulimit -v limitKb` when given); resolves once it says
// it listens, before any request (a worker's first request adds an arena to
// its address space, which must not count in the baseline).
async function start(limitKb) {
  const port = await freePort();
  const script = limitKb ? 'ulimit -v "$1" && exec "$2" --threads 2 --no-access-log'
    : 'exec "$2" --threads 2 --no-access-log';
  const child = spawn('sh', ['-c', script, 'sh', String(limitKb ?? 0), bin], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => { stdout += d; });
  child.stderr.on('data', (d) => { stderr += d; });
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  const up = await waitFor(() => child.exitCode === null && /^listening on /m.test(stdout), 10000);
  assert.ok(up, `the server did not start (limit ${limitKb} kB): ${stderr}`);
  return { port, child, exited, stderr: () => stderr };
}

function vmSizeKb(pid) {
  const m = /^VmSize:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(m[1]);
}

const json = { 'Content-Type': 'application/json' };
const post = (p, body, headers = {}) => ({ method: 'POST', path: p, body: JSON.stringify(body),
  headers: { ...json, ...headers } });
const scoring = { position: { players: ['red', 'blue'],
  tiles: [{ tile: 'base.D', x: 0, y: 0, rot: 0 }, { tile: 'base.E', x: 0, y: -1, rot: 180 }],
  figures: [{ player: 'red', kind: 'meeple', x: 0, y: -1, at: 'S' }] } };
// Ordinary questions, and two that need far more memory than the margin.
const requests = [
  { method: 'GET', path: '/healthz' },
  { method: 'GET', path: '/v1/tiles' },
  { method: 'GET', path: '/v1/rules' },
  { method: 'GET', path: '/problems' },
  post('/v1/validate', { position: small }),
  post('/v1/placements', { position: small, tile: 'base.A' }),
  { method: 'POST', path: '/v1/features', headers: json,
    body: readFileSync(path.join(root, 'bench', 'bodies', 'features.json')) },
  post('/v1/score', { ...scoring, x: 0, y: -1 }),
  post('/v1/render', scoring),
  post('/v1/render?width=2048', scoring, { Accept: 'image/png' }),
  post('/v1/games/random', { seed: 7, players: 3, turns: 70 }),
];

test('under an address-space limit every request gets its answer or a 503, and the process lives on',
  { skip: !existsSync(bin) && `no release binary at ${bin} (make build/carcassonne-rules)` }, async () => {
    const free = await start(null);
    const baseline = vmSizeKb(free.child.pid);
    free.child.kill('SIGTERM');
    await free.exited;

    const limit = baseline + MARGIN_KB;
    const s = await start(limit);
    const base = `http://127.0.0.1:${s.port}`;
    const seen = {};
    try {
      for (let round = 0; round < 3; round++) {
        for (const r of requests) {
          const what = `${r.method} ${r.path} (round ${round + 1}, limit ${limit} kB = ${baseline} + ${MARGIN_KB})`;
          const res = await fetch(base + r.path, { method: r.method, body: r.body, headers: r.headers })
            .catch(async (e) => {
              const end = await Promise.race([s.exited, new Promise((ok) => setTimeout(ok, 500))]);
              assert.fail(`${what}: no answer (${e.cause?.code ?? e.message}); the process ` +
                (end ? `ended: ${JSON.stringify(end)}` : 'still runs') + `: ${s.stderr()}`);
            });
          const bytes = Buffer.from(await res.arrayBuffer());
          seen[res.status] = (seen[res.status] ?? 0) + 1;
          assert.ok(res.status === 200 || res.status === 503, `${what}: status ${res.status}: ${bytes}`);
          if (res.status === 503) {
            assert.equal(res.headers.get('content-type'), 'application/problem+json', what);
            assert.equal(res.headers.get('retry-after'), '1', what);
            const p = JSON.parse(bytes.toString('utf8'));
            assert.equal(p.type, 'https://carcassonne-rules.example/problems/out-of-memory', what);
            assert.equal(p.status, 503, what);
          } else if (/json/.test(res.headers.get('content-type'))) {
            JSON.parse(bytes.toString('utf8'));   // well-formed
          }
          assert.equal(s.child.exitCode, null, `${what}: the process died: ${s.stderr()}`);
        }
      }
      assert.ok(seen[503] > 0, `nothing ran out of memory under ${limit} kB: ${JSON.stringify(seen)}`);
      assert.ok(seen[200] > 0, `nothing was answered under ${limit} kB: ${JSON.stringify(seen)}`);
      const health = await fetch(`${base}/healthz`);
      assert.equal(health.status, 200, 'the server still answers afterwards');
      await health.arrayBuffer();
    } finally {
      s.child.kill('SIGTERM');
    }
    const { code, signal } = await s.exited;
    assert.deepEqual({ code, signal }, { code: 0, signal: null }, `a clean stop: ${s.stderr()}`);
  });
