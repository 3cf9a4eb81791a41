// tests/contract/framing.test.mjs -- HTTP framing (RFC 9112) and media
// types over raw sockets (issue 16, part 3).
//
// Measured against libmicrohttpd 0.9.75 before this server: Content-Length
// with Transfer-Encoding was answered and the bytes after the chunked body
// served as a second request (a smuggled GET /metrics got 200); two
// different Content-Length were accepted; a malformed one got its 400
// status line written twice; 414, 431, 505 and several 400s came as HTML
// or with no Content-Type; a request with no Host was served;
// "Transfer-Encoding: gzip, chunked" and "xchunked" hung until the idle
// timeout; text/plain, form and multipart bodies were read as JSON.
// Here every one is a single, precise problem+json answer, and every
// answer of the service (errors or not) carries X-Content-Type-Options:
// nosniff.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startService } from './server.mjs';
import { small } from './fixtures.mjs';
import { exchange } from './rawhttp.mjs';

let svc;
before(async () => { svc = await startService({}, ['--no-access-log']); });
after(async () => { if (svc && svc.child.exitCode === null) await svc.stop('SIGKILL'); });

const good = JSON.stringify({ position: small });
const len = Buffer.byteLength(good);
const chunked = `${len.toString(16)}\r\n${good}\r\n0\r\n\r\n`;
const JSON_TYPE = 'Content-Type: application/json\r\n';
const post = (headers, body = '') => `POST /v1/validate HTTP/1.1\r\nHost: test\r\n${headers}\r\n${body}`;

// The one answer to a request that is refused: exactly one status line, a
// problem+json body whose status agrees, nosniff, and the connection closed.
async function refusedWith(status, bytes, what) {
  const r = await exchange(svc.port, [bytes], { ms: 4000 });
  const lines = r.data.toString('latin1').match(/HTTP\/1\.[01] \d{3}/g) ?? [];
  assert.equal(lines.length, 1, `${what}: ${lines.length} status lines in ${JSON.stringify(r.data.toString('latin1').slice(0, 300))}`);
  const [res] = r.responses;
  assert.equal(res.status, status, `${what}: ${res.statusLine} ${res.body}`);
  assert.equal(res.headers['content-type'], 'application/problem+json', what);
  assert.equal(res.headers['x-content-type-options'], 'nosniff', what);
  const p = JSON.parse(res.body);
  assert.equal(p.status, status, what);
  for (const k of ['type', 'title', 'detail', 'pointer']) assert.equal(typeof p[k], 'string', `${what}: ${k}`);
  assert.match(p.type, /^https:\/\/carcassonne-rules\.example\/problems\/[a-z0-9-]+$/, what);
  assert.ok(r.closed, `${what}: the connection stays open after a refused request`);
  assert.ok(r.ms < 3000, `${what}: answered after ${r.ms} ms`);
  return p;
}

test('Content-Length with Transfer-Encoding is 400 and the bytes after it are not served (smuggling)', async () => {
  const smuggled = 'GET /metrics HTTP/1.1\r\nHost: test\r\n\r\n';
  const bytes = post(`${JSON_TYPE}Content-Length: ${chunked.length}\r\nTransfer-Encoding: chunked\r\n`, chunked) + smuggled;
  const p = await refusedWith(400, bytes, 'CL + TE');
  assert.match(p.detail, /Content-Length and Transfer-Encoding/);
});

test('two Content-Length headers are 400; so is a malformed one, with one status line', async () => {
  await refusedWith(400, post(`${JSON_TYPE}Content-Length: ${len}\r\nContent-Length: ${len + 5}\r\n`, `${good}xxxxx`), 'two lengths');
  for (const v of ['abc', '-1', '+5', `${len}, ${len}`, '0x10'])
    await refusedWith(400, post(`${JSON_TYPE}Content-Length: ${v}\r\n`), `Content-Length: ${v}`);
});

test('transfer codings: gzip,chunked is 501 and xchunked is 400, at once (they hung)', async () => {
  await refusedWith(501, post(`${JSON_TYPE}Transfer-Encoding: gzip, chunked\r\n`, chunked), 'gzip, chunked');
  await refusedWith(400, post(`${JSON_TYPE}Transfer-Encoding: xchunked\r\n`, chunked), 'xchunked');
  await refusedWith(400, post(`${JSON_TYPE}Transfer-Encoding: chunked, gzip\r\n`, chunked), 'chunked, gzip');
  await refusedWith(400, `POST /v1/validate HTTP/1.0\r\n${JSON_TYPE}Transfer-Encoding: chunked\r\n\r\n${chunked}`, 'TE in HTTP/1.0');
});

test('414, 431, 505 and malformed requests are problem+json, not HTML', async () => {
  await refusedWith(414, `GET /${'a'.repeat(100000)} HTTP/1.1\r\nHost: test\r\n\r\n`, 'long URI');
  await refusedWith(431, `GET /healthz HTTP/1.1\r\nHost: test\r\nX-Big: ${'a'.repeat(100000)}\r\n\r\n`, 'big header');
  await refusedWith(505, 'GET /healthz HTTP/2.0\r\nHost: test\r\n\r\n', 'HTTP/2.0');
  await refusedWith(400, 'GARBAGE\r\n\r\n', 'garbage request line');
  await refusedWith(400, 'GET /healthz HTTP/1.1\r\nHost : test\r\n\r\n', 'space before the colon');
  await refusedWith(400, 'GET /healthz HTTP/1.1\r\nHost: test\r\nX: a\r\n b\r\n\r\n', 'obsolete folding');
  await refusedWith(400, 'GET /healthz HTTP/1.1\nHost: test\n\n', 'bare LF');
  await refusedWith(400, 'GET /healthz HTTP/1.1\r\nHost: test\r\nX: a\x00b\r\n\r\n', 'NUL in a value');
  await refusedWith(417, post(`${JSON_TYPE}Expect: magic\r\nContent-Length: ${len}\r\n`), 'Expect: magic');
  await refusedWith(413, post(`${JSON_TYPE}Content-Length: 99999999999\r\n`), 'huge Content-Length');
});

test('HTTP/1.1 without Host, or with two, is 400 (it was served)', async () => {
  await refusedWith(400, 'GET /healthz HTTP/1.1\r\n\r\n', 'no Host');
  await refusedWith(400, 'GET /healthz HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n', 'two Host');
});

test('bodies not declared JSON are 415 problems: text/plain, form, multipart, none', async () => {
  for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', null]) {
    const header = type ? `Content-Type: ${type}\r\n` : '';
    const r = await exchange(svc.port, [post(`${header}Content-Length: ${len}\r\nConnection: close\r\n`, good)]);
    const [res] = r.responses;
    assert.equal(res?.status, 415, `${type}: ${res?.statusLine}`);
    assert.equal(res.headers['content-type'], 'application/problem+json');
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
    assert.equal(JSON.parse(res.body).status, 415);
  }
});

test('every answer carries nosniff, errors and successes alike', async () => {
  const requests = [
    ['GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n', 200],
    [post(`${JSON_TYPE}Content-Length: ${len}\r\n`, good), 200],
    ['GET /metrics HTTP/1.1\r\nHost: t\r\n\r\n', 200],
    ['GET /openapi.yaml HTTP/1.1\r\nHost: t\r\n\r\n', 200],
    ['OPTIONS /v1/validate HTTP/1.1\r\nHost: t\r\nOrigin: http://x\r\n\r\n', 204],
    ['GET /nope HTTP/1.1\r\nHost: t\r\n\r\n', 404],
    ['DELETE /healthz HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n', 405],
  ];
  // All on one connection, pipelined: also checks keep-alive and ordering.
  const r = await exchange(svc.port, [requests.map(([bytes]) => bytes).join('')], { ms: 4000 });
  assert.deepEqual(r.responses.map((x) => x.status), requests.map(([, s]) => s));
  for (const res of r.responses) {
    assert.equal(res.headers['x-content-type-options'], 'nosniff', res.statusLine);
    assert.equal(res.headers['access-control-allow-origin'], '*', res.statusLine);
  }
  assert.ok(r.closed, 'Connection: close on the last request closes');
});

test('a chunked body, Expect: 100-continue and HEAD are framed right', async () => {
  const r = await exchange(svc.port, [
    post(`${JSON_TYPE}Transfer-Encoding: chunked\r\n`, `${chunked}`),
    'GET /healthz HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n',
  ], { gapMs: 50 });
  assert.deepEqual(r.responses.map((x) => x.status), [200, 200]);
  // HEAD: the GET's headers, Content-Length included, and no body.
  const head = await exchange(svc.port, ['HEAD /healthz HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n']);
  const text = head.data.toString('latin1');
  assert.match(text, /^HTTP\/1\.1 200 OK\r\n/);
  assert.match(text, new RegExp(`\r\nContent-Length: ${r.responses[1].headers['content-length']}\r\n`));
  assert.ok(text.endsWith('\r\n\r\n'), `HEAD has no body: ${JSON.stringify(text)}`);
  // The client waits for 100 Continue before it sends the body.
  const c = await exchange(svc.port, [
    post(`${JSON_TYPE}Expect: 100-continue\r\nContent-Length: ${len}\r\nConnection: close\r\n`),
    good,
  ], { gapMs: 300 });
  assert.deepEqual(c.responses.map((x) => x.status), [100, 200]);
});

// A request that arrives in pieces keeps its bytes while other connections
// are read and answered in between (the server reads into a buffer shared
// by the connections of a thread, and keeps only what is unfinished).
test('requests arriving in pieces are read whole while others are served in between', async () => {
  const head = post(`${JSON_TYPE}Content-Length: ${len}\r\nConnection: close\r\n`);
  const pieces = [head.slice(0, 30), head.slice(30), good.slice(0, 40), good.slice(40)];
  const slow = Array.from({ length: 8 }, () => exchange(svc.port, pieces, { gapMs: 150, ms: 5000 }));
  const quick = [];
  for (let i = 0; i < 20; i++) {
    quick.push(exchange(svc.port, [`GET /v1/tiles/base.D HTTP/1.1\r\nHost: t\r\nAccept: */*\r\nConnection: close\r\n\r\n`]));
    await new Promise((r) => setTimeout(r, 25));
  }
  for (const r of await Promise.all(slow)) {
    assert.equal(r.responses[0]?.status, 200, r.data.toString().slice(0, 400));
    assert.equal(JSON.parse(r.responses[0].body).valid, true);
  }
  for (const r of await Promise.all(quick)) assert.equal(r.responses[0]?.status, 200);
});

test('after all of that the service answers normally', async () => {
  const res = await fetch(svc.base + '/v1/validate', {
    method: 'POST', body: good, headers: { 'content-type': 'application/json' },
  });
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
});
