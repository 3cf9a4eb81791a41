// tests/contract/hostile.test.mjs -- bad input, bad clients, and the stop signal.
//
// Contract section 4: "The service never crashes, hangs or leaks on any
// input, and answers the next request normally." One service process
// (the sanitizer build under `make hostile`) takes, in order:
//   - every hostile body kept in fuzz/regressions/decode/hostile-* (truncated,
//     10,000-deep nesting, wrong types, NaN, duplicate keys, huge numbers,
//     impossible positions, ...) on several routes: each a 400/413/422
//     problem, never a 5xx or a dropped connection;
//   - a 100 MB body declared by Content-Length (413 before it is read) and a
//     100 MB chunked body (413 after it is discarded);
//   - malformed HTTP: a garbage request line, a 100 KB header, a bad method;
//     binary garbage with no line end is left to the idle timeout;
//   - a client that opens a connection and sends nothing, and one that
//     stops half way through its headers: both are closed by the server's
//     idle timeout (10 s);
//   - POST /mcp: every hostile body as a whole message and as a tool's
//     arguments, hostile envelopes (deep, huge ids and strings, bad UTF-8,
//     100,000 members) and headers (Origin, Accept, MCP-Protocol-Version,
//     Content-Type): each a JSON-RPC answer, never a 5xx;
//   - then a good request, which must succeed;
// and finally SIGTERM with requests in flight: each finishes with 200, and
// the process exits 0 without a sanitizer report.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './openapi.mjs';
import { startService } from './server.mjs';
import { small } from './fixtures.mjs';

const IDLE_TIMEOUT_S = 10;      // service/http/http.c DEFAULT_IDLE_TIMEOUT_S
let svc;

before(async () => { svc = await startService(); });
after(async () => { if (svc && svc.child.exitCode === null) await svc.stop('SIGKILL'); });

const good = JSON.stringify({ position: small });

async function post(route, body, headers = {}) {
  const res = await fetch(svc.base + route, {
    method: 'POST', body, headers: { 'content-type': 'application/json', ...headers },
  });
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
}

async function assertStillServes() {
  const r = await post('/v1/validate', good);
  assert.equal(r.status, 200, `the good request after the bad ones: ${r.status} ${r.text.slice(0, 200)}`);
  assert.equal(JSON.parse(r.text).valid, true);
}

// Raw TCP: send bytes, collect everything until the server closes (or ms pass).
function raw(chunks, { ms = 5000, gapMs = 0 } = {}) {
  return new Promise((resolve) => {
    const sock = net.connect(svc.port, '127.0.0.1');
    let data = '';
    const started = Date.now();
    const timer = setTimeout(() => { sock.destroy(); resolve({ data, closed: false, ms: Date.now() - started }); }, ms);
    sock.on('data', (d) => { data += d; });
    sock.on('error', () => {});
    sock.on('close', () => { clearTimeout(timer); resolve({ data, closed: true, ms: Date.now() - started }); });
    sock.on('connect', async () => {
      for (const c of chunks) {
        if (sock.destroyed) break;
        sock.write(c);
        if (gapMs) await new Promise((r) => setTimeout(r, gapMs));
      }
    });
  });
}

const statusOf = (data) => Number((/^HTTP\/1\.[01] (\d{3})/.exec(data) ?? [])[1]);

test('every kind of hostile body is a 4xx problem, then a good request succeeds', async () => {
  const dir = path.join(root, 'fuzz', 'regressions', 'decode');
  const files = readdirSync(dir).filter((f) => f.startsWith('hostile-'));
  assert.ok(files.length >= 40, `only ${files.length} hostile inputs in ${dir}`);
  const routes = ['/v1/validate', '/v1/placements', '/v1/score', '/v1/features', '/v1/render'];
  const bad = [];
  for (const f of files) {
    const body = readFileSync(path.join(dir, f));
    for (const route of routes) {
      const r = await post(route, body);
      if (![400, 413, 422].includes(r.status) || !/problem\+json/.test(r.type ?? ''))
        bad.push(`${f} on ${route}: ${r.status} ${r.type} ${r.text.slice(0, 120)}`);
      else if (!('pointer' in JSON.parse(r.text)))
        bad.push(`${f} on ${route}: problem without pointer`);
    }
  }
  assert.deepEqual(bad, []);
  await assertStillServes();
});

test('POST /v1/render: hostile Accept headers, widths and show members are 4xx problems', async () => {
  const body = JSON.stringify({ position: small });
  const bad = [];
  const expect = async (what, r, statuses) => {
    if (!statuses.includes(r.status)) bad.push(`${what}: ${r.status} ${r.text.slice(0, 120)}`);
  };
  for (const accept of [',,,', ';q=1', 'image/png;q=', 'image/png;q=1.0001', '*/*;q=-1', 'x'.repeat(6000),
    'image/png;' + 'a=b;'.repeat(1500), Array(300).fill('image/svg+xml;q=0').join(',')])
    await expect(`Accept ${accept.slice(0, 30)}`, await post('/v1/render', body, { accept }), [200, 406, 431]);
  for (const q of ['width=', 'width=%', 'width=%0', 'width=%00', 'width=1%002', 'width=' + '9'.repeat(500),
    'width=-0', 'width=0x40', 'width=64&width=', '&&&width&=', 'width=2048' + '&a=b'.repeat(500)])
    await expect(`?${q.slice(0, 30)}`, await post('/v1/render?' + q, body, { accept: 'image/png' }), [200, 400, 414]);
  for (const show of [null, 1, 'x', [], { placements: null }, { placements: 'x'.repeat(5000) },
    { feature: { x: 0, y: 0, at: 'C', extra: [] } }, { score: { final: 'yes' } }, { wagon: { x: 0, y: 0, at: 'NE' } },
    { deployments: { x: 1e300, y: 0 } }, { last: { x: -1001, y: 0 } }, { score: { x: 0, y: 0, shepherd: { action: 'grow' } } }])
    await expect(`show ${JSON.stringify(show).slice(0, 40)}`,
      await post('/v1/render', JSON.stringify({ position: small, show })), [400, 422]);
  assert.deepEqual(bad, []);
  await assertStillServes();
});

// POST /mcp: every hostile body as a whole message and as a tool's
// arguments; hostile envelopes and headers. Always a JSON-RPC answer
// (application/json): 400/413 for what is not one message, 200 with an
// error or a tool result otherwise, 202 for a notification; never a 5xx.
test('MCP: hostile messages, arguments and headers get JSON-RPC answers, then a good request succeeds', async () => {
  const dir = path.join(root, 'fuzz', 'regressions', 'decode');
  const files = readdirSync(dir).filter((f) => f.startsWith('hostile-'));
  const bodies = files.map((f) => [f, readFileSync(path.join(dir, f))]);
  const envelope = (args) => Buffer.concat([
    Buffer.from('{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"validate_position","arguments":'),
    args, Buffer.from('}}')]);
  const big = 'x'.repeat(1 << 20);
  const extra = [
    ['10,000 [', Buffer.from('['.repeat(10000))],
    ['deep params', Buffer.from(`{"jsonrpc":"2.0","id":1,"method":"ping","params":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}`)],
    ['1 MB id', Buffer.from(`{"jsonrpc":"2.0","id":"${'i'.repeat(1000000)}","method":"ping"}`)],
    ['huge integer id', Buffer.from('{"jsonrpc":"2.0","id":99999999999999999999,"method":"ping"}')],
    ['NUL in method', Buffer.from('{"jsonrpc":"2.0","id":1,"method":"tools/\u0000list"}')],
    ['bad UTF-8 in method', Buffer.from([...Buffer.from('{"jsonrpc":"2.0","id":1,"method":"'), 0xff, 0xfe, ...Buffer.from('"}')])],
    ['lone surrogate tool name', Buffer.from('{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"\ud800"}}')],
    ['100,000 params members', Buffer.from(`{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{${Array.from({ length: 100000 }, (_, i) => `"m${i}":0`).join(',')}}}`)],
    ['a tile id of 1 MB', Buffer.from(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"tile_facts","arguments":{"id":"${big.slice(0, 1000000)}"}}}`)],
    ['a prompt argument of 1 MB', Buffer.from(`{"jsonrpc":"2.0","id":1,"method":"prompts/get","params":{"name":"check_position","arguments":{"position":"${big.slice(0, 1000000)}"}}}`)],
    ['a resource uri of 1 MB', Buffer.from(`{"jsonrpc":"2.0","id":1,"method":"resources/read","params":{"uri":"carcassonne-rules://tiles/${big.slice(0, 1000000)}"}}`)],
  ];
  const bad = [];
  const check = async (name, body, headers = {}) => {
    const r = await post('/mcp', body, headers);
    let ok = [200, 202, 400, 403, 406, 413, 415].includes(r.status);
    if (ok && r.status !== 202 && r.status !== 413) {
      ok = /application\/json/.test(r.type ?? '');
      try { const j = JSON.parse(r.text); ok &&= j.jsonrpc === '2.0' && ('result' in j || 'error' in j); } catch { ok = false; }
    }
    if (!ok) bad.push(`${name}: ${r.status} ${r.type} ${r.text.slice(0, 160)}`);
  };
  for (const [f, body] of bodies) {
    await check(f, body);
    await check(`${f} as arguments`, envelope(body));
  }
  for (const [name, body] of extra) await check(name, body);
  const ping = '{"jsonrpc":"2.0","id":1,"method":"ping"}';
  await check('10 KB Origin', ping, { origin: `http://${'o'.repeat(10000)}.example` });
  await check('1,000 Accept ranges', ping, { accept: Array.from({ length: 1000 }, (_, i) => `x/y${i};q=0.${i % 10}`).join(', ') });
  await check('malformed q', ping, { accept: 'application/json;q=abc;q=;q' });
  await check('garbage protocol version', ping, { 'mcp-protocol-version': '\u00ff'.repeat(100) });
  await check('10 KB Content-Type', ping, { 'content-type': `application/json;${'p=1;'.repeat(2000)}` });
  assert.deepEqual(bad, []);
  await assertStillServes();
});

test('100 MB bodies: declared (413 at once) and chunked (413 after discarding)', async () => {
  const big = Buffer.alloc(100 * 1024 * 1024, 0x20);
  // Only the headers: the answer must come before any of the body is read.
  const declared = await raw([
    `POST /v1/validate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${big.length}\r\n\r\n`,
  ], { ms: 5000 });
  assert.equal(statusOf(declared.data), 413, declared.data.slice(0, 200));
  // Chunked: no length up front; fetch streams the body.
  const stream = new ReadableStream({
    start(c) { for (let i = 0; i < 100; i++) c.enqueue(big.subarray(i * 1048576, (i + 1) * 1048576)); c.close(); },
  });
  const res = await fetch(svc.base + '/v1/validate', {
    method: 'POST', body: stream, duplex: 'half', headers: { 'content-type': 'application/json' },
  }).catch((e) => ({ status: `error ${e.cause?.code ?? e.message}` }));
  assert.equal(res.status, 413);
  await assertStillServes();
});

test('malformed HTTP is refused and the server goes on', async () => {
  const garbage = await raw(['GARBAGE\r\n\r\n'], { ms: 3000 });
  assert.ok(garbage.closed, 'garbage request line: connection not closed');
  const malformed = await raw(['GARBAGE / FOO\r\n\r\n'], { ms: 3000 });
  assert.equal(statusOf(malformed.data), 400, malformed.data.slice(0, 100));
  const header = await raw([`GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(100 * 1024)}\r\n\r\n`], { ms: 5000 });
  assert.ok(header.closed, '100 KB header: connection not closed');
  const s = statusOf(header.data);
  assert.ok(Number.isNaN(s) || s === 431 || s === 413 || s === 400, `100 KB header answered ${s}`);
  const weird = await raw(['BREW /v1/validate HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'], { ms: 3000 });
  const ws = statusOf(weird.data);
  assert.ok([400, 404, 405, 501].includes(ws), `unknown method answered ${ws}`);
  await assertStillServes();
});

test(`idle and stalled clients are closed by the server within ${IDLE_TIMEOUT_S} s (+3)`, async () => {
  const limit = (IDLE_TIMEOUT_S + 3) * 1000;
  const [idle, binary, stalled, stalledBody] = await Promise.all([
    raw([], { ms: limit + 5000 }),
    raw(['\x00\x01\x02 binary, no line end'], { ms: limit + 5000 }),
    raw(['POST /v1/validate HTTP/1.1\r\nHost: x\r\nContent-Le'], { ms: limit + 5000 }),
    raw([`POST /v1/validate HTTP/1.1\r\nHost: x\r\nContent-Length: ${good.length}\r\n\r\n${good.slice(0, 20)}`],
      { ms: limit + 5000 }),
  ]);
  for (const [name, r] of [['idle', idle], ['binary garbage', binary], ['stalled in headers', stalled], ['stalled in body', stalledBody]]) {
    assert.ok(r.closed, `${name}: still open after ${r.ms} ms`);
    assert.ok(r.ms <= limit, `${name}: closed only after ${r.ms} ms`);
  }
  await assertStillServes();
});

test('SIGTERM: requests in flight finish with 200, the process exits 0, no sanitizer report', async () => {
  const bench = (() => { try { return readFileSync(path.join(root, 'bench', 'bodies', 'score.json'), 'utf8'); } catch { return null; } })();
  const body = bench ?? good;
  const route = bench ? '/v1/score' : '/v1/validate';
  // A request whose body is still arriving when the signal comes.
  const half = Math.floor(body.length / 2);
  const slow = new Promise((resolve) => {
    const sock = net.connect(svc.port, '127.0.0.1', () => {
      sock.write(`POST ${route} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`);
      sock.write(body.slice(0, half));
      setTimeout(() => sock.write(body.slice(half)), 500);
    });
    let data = '';
    sock.on('data', (d) => { data += d; });
    sock.on('close', () => resolve(data));
    sock.on('error', () => resolve(data));
  });
  const inflight = Array.from({ length: 16 }, () => post(route, body));
  await new Promise((r) => setTimeout(r, 100));
  svc.child.kill('SIGTERM');
  const results = await Promise.all(inflight.map((p) => p.catch((e) => ({ status: `error ${e.message}` }))));
  const slowAnswer = await slow;
  const { code, signal } = await svc.exited;
  assert.equal(statusOf(slowAnswer), 200, `request still arriving at SIGTERM: ${slowAnswer.slice(0, 600)}`);
  // Requests sent before the signal was handled must all be answered 200.
  const failed = results.filter((r) => r.status !== 200).map((r) => r.status);
  assert.deepEqual(failed, [], 'requests in flight at SIGTERM');
  assert.equal(signal, null);
  assert.equal(code, 0, svc.stderr().slice(-2000));
  assert.doesNotMatch(svc.stderr(), /ERROR: (AddressSanitizer|LeakSanitizer)|runtime error:/);
});

// The idle timeout restarts with every byte, so a client trickling its body
// needs a whole-request deadline (service/http/http.c, --request-timeout): here
// 2 s, with a byte every 300 ms the idle timeout would never fire.
test('a client trickling its body is closed at the request deadline', async () => {
  const own = await startService({}, ['--request-timeout', '2', '--no-access-log']);
  try {
    const started = Date.now();
    const closedAfter = await new Promise((resolve) => {
      const sock = net.connect(own.port, '127.0.0.1');
      let timer;
      const done = () => { clearInterval(timer); resolve(Date.now() - started); };
      sock.on('error', () => {});
      sock.on('close', done);
      sock.on('connect', () => {
        sock.write('POST /v1/validate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
                   'Content-Length: 100000\r\n\r\n');
        timer = setInterval(() => { if (!sock.destroyed) sock.write(' '); }, 300);
      });
      setTimeout(() => { sock.destroy(); }, 15000);
    });
    assert.ok(closedAfter >= 2000 && closedAfter < 6000, `closed after ${closedAfter} ms`);
    const r = await fetch(own.base + '/v1/validate', {
      method: 'POST', body: good, headers: { 'content-type': 'application/json' },
    });
    assert.equal(r.status, 200, 'the service goes on serving');
  } finally {
    await own.stop();
  }
});
