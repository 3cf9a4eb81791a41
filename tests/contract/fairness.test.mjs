// tests/contract/fairness.test.mjs -- cheap questions stay cheap while
// others draw pictures (issue 35).
//
// Measured before the heavy pool (service/http/heavy.h), release build,
// --threads 2: six connections looping on 2048-pixel PNG renders of a large
// position pushed a placements question from 0.9 ms to a median of 594 ms
// (max 985 ms): each worker served its render connections in turn and the
// question waited behind them. Now a worker hands a heavy request to the
// pool and goes on; past the pool's bound a heavy request gets an immediate
// 503 with Retry-After, counted in /metrics.
//
// The timing test runs the release build ($CC_RELEASE_BIN, default
// build/carcassonne-rules): the sanitizer build draws ten times slower and
// would measure the sanitizer. Its bounds are generous for a shared
// machine (the median within 25 ms, where the defect gave 594) so that it
// fails on the defect, not on a busy neighbour; bench/fairness.mjs (make
// bench-fairness) reports the figures.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { root } from './openapi.mjs';
import { startService } from './server.mjs';
import { exchange, parseResponses, within } from './rawhttp.mjs';

const release = process.env.CC_RELEASE_BIN
  ? path.resolve(process.env.CC_RELEASE_BIN) : path.join(root, 'build', 'carcassonne-rules');
const position = JSON.parse(readFileSync(path.join(root, 'bench', 'positions', 'p100.json'), 'utf8'));
const renderBody = JSON.stringify({ position });
const placementsBody = readFileSync(path.join(root, 'bench', 'bodies', 'placements.json'), 'utf8');

// One request on agent (a keep-alive connection of its own): { status,
// headers, body (Buffer), ms }.
function ask(port, agent, method, target, body, headers = {}) {
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    const req = http.request({ host: '127.0.0.1', port, method, path: target, agent,
      headers: { 'Content-Type': 'application/json', ...headers } }, (res) => {
      const parts = [];
      res.on('data', (d) => parts.push(d));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers,
        body: Buffer.concat(parts), ms: Number(process.hrtime.bigint() - t0) / 1e6 }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

// n connections each asking for 2048-pixel PNGs in a loop until stop().
function renderLoops(port, n) {
  let running = true;
  const stats = { ok: 0, busy: 0, other: [], retryAfter: new Set(), types: new Set() };
  const loops = Array.from({ length: n }, async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    while (running) {
      const r = await ask(port, agent, 'POST', '/v1/render?width=2048', renderBody, { Accept: 'image/png' });
      if (r.status === 200) {
        stats.ok++;
        stats.types.add(r.headers['content-type']);
      } else if (r.status === 503) {
        stats.busy++;
        stats.retryAfter.add(r.headers['retry-after']);
        stats.types.add(r.headers['content-type']);
        // As a client that honours Retry-After would, but sooner: keep the pressure on.
        await new Promise((res) => setTimeout(res, 50));
      } else {
        stats.other.push(r.status);
      }
    }
    agent.destroy();
  });
  return { stats, async stop() { running = false; await Promise.all(loops); } };
}

async function metric(base, name) {
  const text = await (await fetch(`${base}/metrics`)).text();
  const quoted = name.replace(/[{}]/g, '\\$&');
  const m = new RegExp(`^${quoted} (\\d+)$`, 'm').exec(text);
  return m ? Number(m[1]) : NaN;
}

const quantile = (xs, q) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))];

test('six render loops: a placements client on its own connection is answered within a few ms', async () => {
  const svc = await startService({}, ['--threads', '2', '--no-access-log'], release);
  const loops = renderLoops(svc.port, 6);
  try {
    // The renders under way (each a few tens of ms) before measuring.
    await within(30000, (async () => { while (loops.stats.ok < 6) await new Promise((r) => setTimeout(r, 20)); })(),
      'the first renders');
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const ms = [];
    for (let i = 0; i < 200; i++) {
      const r = await ask(svc.port, agent, 'POST', '/v1/placements', placementsBody);
      assert.equal(r.status, 200, r.body.toString());
      ms.push(r.ms);
    }
    agent.destroy();
    // The renders were there all along: drawing or waiting for the pool now.
    const busy = await metric(svc.base, 'carcassonne_heavy_requests_running')
      + await metric(svc.base, 'carcassonne_heavy_requests_waiting');
    await loops.stop();
    const renders = loops.stats.ok;
    const median = quantile(ms, 0.5), p95 = quantile(ms, 0.95);
    console.log(`placements under 6 render loops: median ${median.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms, max ${Math.max(...ms).toFixed(2)} ms; ${renders} renders in all`);
    assert.ok(median < 25, `median ${median} ms (before the heavy pool: 594 ms)`);
    assert.ok(p95 < 150, `95th percentile ${p95} ms`);
    assert.ok(busy >= 1, `renders under way at the end of the measure (${busy})`);
    assert.deepEqual(loops.stats.other, []);
    assert.deepEqual([...loops.stats.types], ['image/png']);
    assert.ok(await metric(svc.base, 'carcassonne_heavy_requests_queued_total') >= renders);
    assert.equal(await metric(svc.base, 'carcassonne_heavy_threads'), 1);
  } finally {
    await loops.stop();
    await svc.stop();
  }
});

test('past the heavy queue a render gets 503 with Retry-After at once, counted in /metrics', async () => {
  const svc = await startService({}, ['--threads', '2', '--heavy-threads', '1', '--heavy-queue', '1',
    '--no-access-log']);
  const loops = renderLoops(svc.port, 6);
  try {
    await within(60000, (async () => {
      while (loops.stats.busy < 3 || loops.stats.ok < 2) await new Promise((r) => setTimeout(r, 20));
    })(), 'renders refused and answered');
    await loops.stop();
    assert.deepEqual(loops.stats.other, []);
    assert.deepEqual([...loops.stats.retryAfter], ['1']);
    assert.deepEqual([...loops.stats.types].sort(), ['application/problem+json', 'image/png']);
    assert.ok(await metric(svc.base, 'carcassonne_heavy_requests_refused_total') >= loops.stats.busy);
    assert.equal(await metric(svc.base, 'carcassonne_heavy_queue_limit'), 1);
    // The refusal is the service's problem, and nothing stays stuck: the
    // next render alone is drawn.
    const agent = new http.Agent({ keepAlive: false });
    const r = await ask(svc.port, agent, 'POST', '/v1/render?width=64', renderBody, { Accept: 'image/png' });
    assert.equal(r.status, 200);
    assert.equal(await metric(svc.base, 'carcassonne_heavy_requests_waiting'), 0);
    assert.equal(await metric(svc.base, 'carcassonne_heavy_requests_running'), 0);
  } finally {
    await loops.stop();
    await svc.stop();
  }
});

// The pool answers a connection's heavy request while the worker reads on:
// pipelined requests behind it are still answered in order.
test('a render pipelined between two cheap requests: three answers, in order', async () => {
  const svc = await startService({}, ['--threads', '1', '--no-access-log']);
  try {
    const req = (target, body, extra = '') => `POST ${target} HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n${extra}`
      + `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
    const small = JSON.stringify({ position: { players: ['a', 'b'], tiles: [{ tile: 'base.D', x: 0, y: 0, rot: 0 }], figures: [] } });
    const r = await exchange(svc.port, [
      req('/v1/validate', small) + req('/v1/render?width=64', small, 'Accept: image/svg+xml\r\n')
      + req('/v1/validate', small, 'Connection: close\r\n'),
    ], { ms: 10000 });
    const { responses } = parseResponses(r.data);
    assert.deepEqual(responses.map((x) => [x.status, x.headers['content-type']]), [
      [200, 'application/json'], [200, 'image/svg+xml'], [200, 'application/json']]);
    assert.ok(r.closed);
  } finally {
    await svc.stop();
  }
});

// The drain answers what the pool holds: renders in flight and waiting at
// SIGTERM get their pictures, then the process exits 0.
test('renders in flight and queued at SIGTERM are answered, then exit 0', async () => {
  const svc = await startService({}, ['--threads', '2', '--heavy-threads', '1', '--no-access-log']);
  const asked = Array.from({ length: 3 }, () => ask(svc.port, new http.Agent({ keepAlive: false }),
    'POST', '/v1/render?width=512', renderBody, { Accept: 'image/png' }));
  await new Promise((r) => setTimeout(r, 100));
  const exited = svc.stop();
  const answers = await within(30000, Promise.all(asked), 'the renders');
  assert.deepEqual(answers.map((a) => a.status), [200, 200, 200]);
  assert.deepEqual(await exited, { code: 0, signal: null });
});

// A tool call of POST /mcp carries a picture: it goes to the pool too; the
// other MCP methods are answered by the worker. Both answer as before.
test('MCP tool calls and other methods are answered through the pool and beside it', async () => {
  const svc = await startService({}, ['--no-access-log']);
  try {
    const headers = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream',
      'MCP-Protocol-Version': '2025-11-25' };
    const call = await fetch(`${svc.base}/mcp`, { method: 'POST', headers, body: JSON.stringify({
      jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'validate_position',
        arguments: { position: { players: ['a', 'b'], tiles: [{ tile: 'base.D', x: 0, y: 0, rot: 0 }], figures: [] },
          picture: true } } }) });
    assert.equal(call.status, 200);
    const answer = await call.json();
    assert.ok(answer.result && answer.result.content.some((c) => c.type === 'image'), JSON.stringify(answer).slice(0, 300));
    const list = await fetch(`${svc.base}/mcp`, { method: 'POST', headers,
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }) });
    assert.equal(list.status, 200);
    assert.equal(await metric(svc.base, 'carcassonne_heavy_requests_queued_total'), 1);
  } finally {
    await svc.stop();
  }
});

// Balance (service/http/server.h, balance.h): new connections go to the
// first worker that was not busy over the last sweep interval (100 ms); a
// worker busy most of an interval gives half the difference of its idle
// keep-alive connections to an idle worker, on trial, and takes them back
// if all workers together did not then serve clearly more. Eight clients
// asking placements back to back, and four connections with thousands of
// placements pipelined (a load no client here could make one request at a
// time), all start on the first worker and keep it busy: some of the eight
// move, maybe back, while they go on asking. Every answer must still come,
// whole and the same, on the connection that asked; /metrics must count
// each connection once, the moves, and the spread judged.
function pipelinedPlacements(port, count) {
  const head = (close) => 'POST /v1/placements HTTP/1.1\r\nHost: test\r\n' +
    `Content-Type: application/json\r\n${close ? 'Connection: close\r\n' : ''}` +
    `Content-Length: ${Buffer.byteLength(placementsBody)}\r\n\r\n`;
  const one = head(false) + placementsBody;
  return exchange(port, [one.repeat(count - 1) + head(true) + placementsBody], { ms: 60000 });
}

test('connections moved between workers under load keep answering, counted once', async () => {
  const svc = await startService({}, ['--threads', '2', '--no-access-log'], release);
  try {
    const once = new http.Agent({ keepAlive: false });
    const want = (await ask(svc.port, once, 'POST', '/v1/placements', placementsBody)).body;
    once.destroy();
    const agents = Array.from({ length: 8 }, () => new http.Agent({ keepAlive: true, maxSockets: 1 }));
    for (const agent of agents)
      assert.equal((await ask(svc.port, agent, 'POST', '/v1/placements', placementsBody)).status, 200);
    const pipelines = Array.from({ length: 4 }, () => pipelinedPlacements(svc.port, 2000));
    const statuses = new Map();
    let differ = 0, answers = 0;
    const until = Date.now() + 1500;
    await Promise.all(agents.map(async (agent) => {
      while (Date.now() < until) {
        const r = await ask(svc.port, agent, 'POST', '/v1/placements', placementsBody);
        statuses.set(r.status, (statuses.get(r.status) || 0) + 1);
        if (!r.body.equals(want)) differ++;
        answers++;
      }
    }));
    assert.deepEqual([...statuses.keys()], [200], JSON.stringify([...statuses]));
    assert.equal(differ, 0, `${differ} of ${answers} answers differ`);
    for (const p of await Promise.all(pipelines)) {
      assert.ok(p.closed, 'a pipeline was answered to its end');
      assert.equal(p.responses.length, 2000);
      assert.ok(p.responses.every((r) => r.status === 200 && r.body === want.toString('utf8')),
        'every pipelined answer is the same 200');
    }
    // The eight are still open, each counted once (besides them at most
    // the first question's, closing, and the one /metrics is asked on).
    await new Promise((r) => setTimeout(r, 400));       // the spread judged
    const open = await metric(svc.base, 'carcassonne_http_connections_open');
    assert.ok(open >= 8 && open <= 10, `open connections ${open}`);
    const moved = await metric(svc.base, 'carcassonne_http_connections_moved_total');
    const kept = await metric(svc.base, 'carcassonne_http_spreads_total{outcome="kept"}');
    const back = await metric(svc.base, 'carcassonne_http_spreads_total{outcome="given_back"}');
    assert.ok(moved >= 1, `moved connections ${moved}`);
    assert.ok(kept + back >= 1, `spreads judged: kept ${kept}, given back ${back}`);
    // Each still answers, once more, after the load.
    for (const agent of agents) {
      const r = await ask(svc.port, agent, 'POST', '/v1/placements', placementsBody);
      assert.equal(r.status, 200);
      agent.destroy();
    }
    console.log(`${answers} placements answers on 8 connections in 1.5 s and 8000 pipelined, ` +
      `2 workers: ${moved} connections moved, spreads kept ${kept}, given back ${back}`);
  } finally {
    await svc.stop();
  }
});
