// tests/contract/overload.test.mjs -- many connections, one thread, limits,
// slow clients (issue 16, parts 1 and 2). A small client of our own
// (rawhttp.mjs) holds the connections; the tests assert answers, never
// times (the guards only stop a stalled run from hanging the suite).
//
// Measured before this server (libmicrohttpd 0.9.75): past 1,024
// connections almost nobody was served and new clients got no answer;
// with --threads 1, 256 keep-alive connections stalled (a lost wake-up:
// 114-447 req/s, the thread asleep with every request unread); 1,100
// clients sending a header byte a second locked everyone else out.
//
// Needs about 3,100 open files in this process and in the server: make
// test raises the hard limit when it is lower (tools/quality.mk); Node
// raises its soft limit to the hard one by itself, and so does the server.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { startService } from './server.mjs';
import { exchange, holdOpen, probe, waitFor, within } from './rawhttp.mjs';

const openFiles = () => Number((/Max open files\s+(\d+)/.exec(readFileSync('/proc/self/limits', 'utf8')) ?? [])[1]);

async function metric(base, name) {
  const text = await (await fetch(`${base}/metrics`)).text();
  const m = new RegExp(`^${name.replace(/[{}"]/g, '\\$&')} (\\d+)$`, 'm').exec(text);
  return m ? Number(m[1]) : NaN;
}

// 256 keep-alive connections, 40 requests each, one after another: every
// request answered, whatever the number of threads (the stall was with 1).
for (const threads of [1, 2, 7, 256]) {
  test(`--threads ${threads}: 256 keep-alive connections get all their 10,240 answers`, async () => {
    const svc = await startService({}, ['--threads', String(threads), '--no-access-log']);
    try {
      const load = holdOpen(svc.port, 256, { requests: 40 });
      await within(60000, load.all, `--threads ${threads}`);
      assert.deepEqual(load.stats, { answered: 10240, non200: 0, errors: 0, closedEarly: 0, done: 256 });
    } finally {
      await svc.stop();
    }
  });
}

// 3,000 connections asking in a loop (in a worker thread), and a new
// client every half second: each is answered, none of the 3,000 dropped.
test('3,000 open connections: all served, and a new client is answered every time', async () => {
  assert.ok(openFiles() >= 3200, `this process may open ${openFiles()} files; 3,200 needed (make test raises it)`);
  const svc = await startService({}, ['--no-access-log']);
  const worker = new Worker(new URL('./load-worker.mjs', import.meta.url), { workerData: { port: svc.port, n: 3000 } });
  const message = (key) => new Promise((resolve, reject) => {
    worker.on('message', (m) => { if (m[key]) resolve(m.stats); });
    worker.on('error', reject);
  });
  try {
    await within(60000, message('opened'), '3,000 connections opening');
    const probes = [];
    for (let i = 0; i < 8; i++) {
      probes.push(await probe(svc.port, '/healthz'));
      await new Promise((r) => setTimeout(r, 500));
    }
    assert.deepEqual(probes.map((p) => p.status), Array(8).fill(200), JSON.stringify(probes));
    assert.ok(await metric(svc.base, 'carcassonne_http_connections_open') >= 3000);
    const stopped = message('stopped');
    worker.postMessage('stop');
    const stats = await within(30000, stopped, 'closing');
    assert.equal(stats.errors + stats.closedEarly + stats.non200, 0, JSON.stringify(stats));
    assert.ok(stats.answered > 3000);
  } finally {
    await worker.terminate();
    await svc.stop();
  }
});

// Past the connection limit: an immediate 503 problem with Retry-After,
// counted in /metrics; never a queue nobody serves.
test('past --max-connections a new client gets 503 with Retry-After at once', async () => {
  const svc = await startService({}, ['--max-connections', '40', '--max-per-address', '40', '--no-access-log']);
  try {
    const held = holdOpen(svc.port, 40, { reconnectShed: true });
    await within(20000, held.opened, 'the first 40');
    const shed = await exchange(svc.port, ['GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n'], { ms: 3000 });
    const res = shed.responses[0];
    assert.equal(res?.status, 503, shed.data.toString().slice(0, 300));
    assert.equal(res.headers['retry-after'], '1');
    assert.equal(res.headers['content-type'], 'application/problem+json');
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
    assert.equal(JSON.parse(res.body).title, 'Server busy');
    assert.ok(shed.closed);
    await within(10000, held.stop(), 'the 40 closing');
    assert.equal(held.stats.errors + held.stats.closedEarly + held.stats.non200, 0, `the 40 were not disturbed: ${JSON.stringify(held.stats)}`);
    assert.ok(await waitFor(async () => (await probe(svc.port)).status === 200, 5000), 'served again');
    assert.ok(await metric(svc.base, 'carcassonne_http_connections_shed_total{reason="limit"}') >= 1);
    assert.equal(await metric(svc.base, 'carcassonne_http_connections_limit'), 40);
  } finally {
    await svc.stop();
  }
});

test('past --max-per-address that address gets 503; another address is served', async () => {
  const svc = await startService({}, ['--max-per-address', '20', '--no-access-log']);
  try {
    const held = holdOpen(svc.port, 20, { reconnectShed: true });
    await within(20000, held.opened, 'the first 20');
    const same = await probe(svc.port, '/healthz', { localAddress: '127.0.0.1' });
    assert.equal(same.status, 503, `${JSON.stringify(same)}; the 20 held: ${JSON.stringify(held.stats)}`);
    assert.equal(JSON.parse(same.body).title, 'Too many connections');
    assert.equal(same.headers['retry-after'], '1');
    const other = await probe(svc.port, '/healthz', { localAddress: '127.0.0.2' });
    assert.equal(other.status, 200, JSON.stringify(other));
    await within(10000, held.stop(), 'the 20 closing');
    assert.ok(await waitFor(async () => (await probe(svc.port)).status === 200, 5000), 'served again');
    assert.ok(await metric(svc.base, 'carcassonne_http_connections_shed_total{reason="address"}') >= 1);
  } finally {
    await svc.stop();
  }
});

// Slowloris: 1,100 connections sending one header byte a second. Another
// client is answered meanwhile, and the header deadline (here 3 s) closes
// them with a 408.
test('1,100 clients trickling their headers: others are served, the trickle is cut at the header deadline', async () => {
  const svc = await startService({}, ['--header-timeout', '3', '--no-access-log']);
  const socks = [];
  try {
    const net = await import('node:net');
    const head = 'GET /healthz HTTP/1.1\r\nHost: test\r\nX-Slow: ' + 'a'.repeat(200);
    const results = [];
    for (let i = 0; i < 1100; i++) {
      results.push(new Promise((resolve) => {
        const s = net.connect(svc.port, '127.0.0.1');
        let sent = 0;
        let data = '';
        const started = Date.now();
        const timer = setInterval(() => { if (!s.destroyed) s.write(head[sent++ % head.length]); }, 1000);
        s.on('connect', () => s.write(head[sent++]));
        s.on('data', (d) => { data += d; });
        s.on('error', () => {});
        s.on('close', () => { clearInterval(timer); resolve({ data, ms: Date.now() - started }); });
        socks.push(s);
      }));
    }
    await new Promise((r) => setTimeout(r, 500));
    const probes = [];
    for (let i = 0; i < 4; i++) {
      probes.push(await probe(svc.port, '/healthz'));
      await new Promise((r) => setTimeout(r, 500));
    }
    assert.deepEqual(probes.map((p) => p.status), [200, 200, 200, 200], JSON.stringify(probes));
    const cut = await within(20000, Promise.all(results), 'the trickling clients');
    const answered408 = cut.filter((c) => /^HTTP\/1\.1 408 /.test(c.data)).length;
    assert.equal(answered408, 1100, `${answered408} of 1,100 got a 408`);
    assert.ok(await metric(svc.base, 'carcassonne_http_connections_timed_out_total{phase="header"}') >= 1100);
  } finally {
    for (const s of socks) s.destroy();
    await svc.stop();
  }
});
