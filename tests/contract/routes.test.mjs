// tests/contract/routes.test.mjs -- every route, live, against the OpenAPI document.
//
// Starts the service binary (server.mjs), sends real requests for every
// route: answers that succeed and the problems of contract section 4 (400,
// 404, 405, 413, 422), and validates each response (status, content type,
// body) against openapi/openapi.yaml with Ajv (openapi.mjs). A response the
// document does not describe fails the test that provoked it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { makeChecker } from './openapi.mjs';
import { startService } from './server.mjs';
import { small, expansionsPosition, benchBody } from './fixtures.mjs';

const { checkResponse } = makeChecker();
let svc;

before(async () => { svc = await startService(); });
after(async () => { if (svc) await svc.stop(); });

async function send(method, path, body, headers = {}) {
  const init = { method, headers: { ...headers } };
  if (body !== undefined) {
    init.body = typeof body === 'string' || body instanceof Uint8Array ? body : JSON.stringify(body);
    init.headers['content-type'] ??= 'application/json';
  }
  const res = await fetch(svc.base + path, init);
  const text = await res.text();
  return { status: res.status, headers: res.headers, contentType: res.headers.get('content-type'), text };
}

// Send, check against the document, and (if given) the expected status.
async function call(method, path, body, expected) {
  const r = await send(method, path, body);
  checkResponse({ method, path, status: r.status, contentType: r.contentType, body: r.text });
  if (expected !== undefined)
    assert.ok([].concat(expected).includes(r.status), `${method} ${path}: ${r.status} ${r.text.slice(0, 300)}`);
  return r;
}

const json = (r) => JSON.parse(r.text);

test('GET /healthz answers 200 as documented', async () => {
  await call('GET', '/healthz', undefined, 200);
});

test('GET /openapi.yaml serves the document, /docs the page', async () => {
  const y = await call('GET', '/openapi.yaml', undefined, 200);
  assert.match(y.text, /^openapi: 3\.1/m);
  const d = await call('GET', '/docs', undefined, 200);
  assert.match(d.contentType, /text\/html/);
});

test('a problem type URI resolves on the service: GET /problems/{slug} documents it', async () => {
  const all = await call('GET', '/problems', undefined, 200);
  assert.match(all.contentType, /^text\/plain/);
  const p = json(await call('POST', '/v1/validate', '{', 400));
  const slug = new URL(p.type).pathname.replace('/problems/', '');
  const one = await call('GET', `/problems/${slug}`, undefined, 200);
  assert.ok(one.text.startsWith(`### ${slug}\n`), one.text.slice(0, 80));
  assert.ok(one.text.includes(p.type));
  await call('GET', '/problems/no-such-problem', undefined, 404);
});

test('GET /v1/rules lists rules with id, expansion and statement', async () => {
  const r = json(await call('GET', '/v1/rules', undefined, 200));
  const rules = Array.isArray(r) ? r : r.rules;
  assert.ok(rules.length > 0);
  for (const rule of rules) {
    assert.ok(rule.title.length > 0, rule.id);
    assert.ok(rule.source_url.startsWith('https://wikicarpedia.com/car/'), rule.id);
  }
});

test('GET /v1/tiles and /v1/tiles/{id} (id, alias, unknown)', async () => {
  await call('GET', '/v1/tiles', undefined, 200);
  const d = json(await call('GET', '/v1/tiles/base.D', undefined, 200));
  assert.equal(d.id ?? d.tile?.id, 'base.D');
  await call('GET', '/v1/tiles/BA%2FRCr', undefined, 200);
  await call('GET', '/v1/tiles/base.ZZ', undefined, 404);
});

test('GET /v1/rules/{id}: one rule, and 404 for an unknown id', async () => {
  const r = json(await call('GET', '/v1/rules/base.placement.edges', undefined, 200));
  assert.equal(r.id, 'base.placement.edges');
  const all = json(await call('GET', '/v1/rules', undefined, 200));
  assert.deepEqual(r, all.rules.find((x) => x.id === r.id));
  await call('GET', '/v1/rules/no.such.rule', undefined, 404);
  await call('GET', '/v1/rules/%zz', undefined, 400);
});

test('POST /v1/describe reads the position back in sentences', async () => {
  const r = json(await call('POST', '/v1/describe', { position: small }, 200));
  assert.match(r.text, /^Players: /);
  assert.match(r.text, /\(0, -1\): base\.E, turned 180°: city on the south edge/);
  assert.deepEqual(r.leaders.now, ['red', 'blue']);
  await call('POST', '/v1/describe', { position: small, x: 1 }, 400);
  await call('POST', '/v1/describe', { position: { ...small, tiles: [] } }, 422);
});

test('unknown route is a documented 404 problem', async () => {
  const r = await send('GET', '/v1/nope');
  assert.equal(r.status, 404);
  assert.match(r.contentType, /application\/problem\+json/);
  const p = json(r);
  for (const k of ['type', 'title', 'status', 'detail']) assert.ok(k in p, `problem lacks ${k}`);
});

test('POST /v1/validate: possible, impossible (422), malformed (400), too large (413)', async () => {
  const ok = json(await call('POST', '/v1/validate', { position: small }, 200));
  assert.equal(ok.valid, true);
  const bad = structuredClone(small);
  bad.tiles[1].rot = 90;            // U turned: its field edge faces D's road
  const p = json(await call('POST', '/v1/validate', { position: bad }, 422));
  assert.match(p.pointer, /^\/position\/tiles\//);
  const q = json(await call('POST', '/v1/validate', '{"position": ', 400));
  assert.equal(q.status, 400);
  await call('POST', '/v1/validate', { position: small, extra: 1 }, 400);
  await call('POST', '/v1/validate', { position: { ...small, tiles: [{ tile: 'base.D', x: 0, y: 0, rot: 45 }] } }, 400);
  // Over the body limit: the service answers 413 from the headers alone and
  // closes, so send only the headers and read the answer (a client pushing
  // the whole body first may see the close as a reset instead).
  const r = await headersOnly('POST', '/v1/validate', 2 * 1024 * 1024);
  checkResponse({ method: 'POST', path: '/v1/validate', status: r.status, contentType: r.contentType, body: r.body });
  assert.equal(r.status, 413, r.body);
  assert.equal(JSON.parse(r.body).status, 413);
});

// Raw TCP: a request line and headers declaring `length` body bytes, none
// sent; resolves with the answer's status, content type and body.
function headersOnly(method, path, length) {
  return new Promise((resolve, reject) => {
    const sock = net.connect(svc.port, '127.0.0.1');
    let data = Buffer.alloc(0);
    const timer = setTimeout(() => { sock.destroy(); reject(new Error('no answer in 5 s')); }, 5000);
    sock.on('data', (d) => { data = Buffer.concat([data, d]); });
    sock.on('error', () => {});
    sock.on('close', () => {
      clearTimeout(timer);
      const text = data.toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      const head = split < 0 ? text : text.slice(0, split);
      resolve({
        status: Number((/^HTTP\/1\.[01] (\d{3})/.exec(head) ?? [])[1]),
        contentType: (/^content-type:\s*(.+)$/im.exec(head) ?? [])[1]?.trim(),
        body: split < 0 ? '' : text.slice(split + 4),
      });
    });
    sock.on('connect', () => sock.write(`${method} ${path} HTTP/1.1\r\nHost: x\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`));
  });
}

test('POST /v1/placements lists legal placements, sorted', async () => {
  const r = json(await call('POST', '/v1/placements', { position: small, tile: 'base.V' }, 200));
  assert.ok(Array.isArray(r.placements) && r.placements.length > 0);
  const key = (p) => [p.y, p.x, p.rot];
  for (let i = 1; i < r.placements.length; i++) {
    const a = key(r.placements[i - 1]), b = key(r.placements[i]);
    assert.ok(a[0] < b[0] || (a[0] === b[0] && (a[1] < b[1] || (a[1] === b[1] && a[2] < b[2]))), 'not sorted by y, x, rot');
  }
  await call('POST', '/v1/placements', { position: small, tile: 'base.nope' }, 422);
});

test('POST /v1/deployments on the tile just placed', async () => {
  const pos = { ...small, figures: [] };
  const r = json(await call('POST', '/v1/deployments', { position: pos, x: 1, y: 0 }, 200));
  assert.ok(Array.isArray(r.options));
  await call('POST', '/v1/deployments', { position: pos, x: 5, y: 5 }, 422);
});

test('POST /v1/wagon-moves', async () => {
  await call('POST', '/v1/wagon-moves', { position: expansionsPosition, x: 0, y: 0, at: 'N' }, [200, 422]);
});

test('POST /v1/barn-check', async () => {
  await call('POST', '/v1/barn-check', { position: expansionsPosition, x: 0, y: 1, at: 'SE' }, [200, 422]);
});

test('POST /v1/score: the turn just played, and the final scoring', async () => {
  const r = json(await call('POST', '/v1/score', { position: small, x: 0, y: -1 }, 200));
  assert.ok(Array.isArray(r.events));
  const f = json(await call('POST', '/v1/score', { position: small, final: true }, 200));
  assert.ok(Array.isArray(f.events));
});

test('POST /v1/features: all, and one', async () => {
  const all = json(await call('POST', '/v1/features', { position: small }, 200));
  assert.ok(Array.isArray(all.features) && all.features.length > 0);
  await call('POST', '/v1/features', { position: small, x: 0, y: 0, at: 'N' }, 200);
});

test('POST /v1/render: SVG by default, PNG by Accept, 406 for neither, as documented', async () => {
  const body = { position: small, show: { score: { final: true }, last: { x: 0, y: 0 } } };
  const cases = [
    [undefined, 'image/svg+xml', 200], ['image/png', 'image/png', 200],
    ['image/png;q=0.1, image/svg+xml;q=0.9', 'image/svg+xml', 200],
    ['application/json', 'application/problem+json', 406],
  ];
  for (const [accept, type, status] of cases) {
    const r = await send('POST', '/v1/render?width=320', body, accept ? { accept } : {});
    checkResponse({ method: 'POST', path: '/v1/render', status: r.status, contentType: r.contentType, body: r.text });
    assert.equal(r.status, status, `${accept}: ${r.text.slice(0, 200)}`);
    assert.equal(r.contentType.split(';')[0], type);
    assert.match(r.headers.get('vary') ?? '', /Accept/);
  }
  const svg = await send('POST', '/v1/render', { position: small });
  assert.match(svg.text, /<g class="tile" data-x="0" data-y="0" data-tile="[^"]+" data-rot="0"><title>/);
  assert.doesNotMatch(svg.text, /href|url\(|<script/);
  for (const [query, status] of [['?width=2049', 400], ['?width=x', 400], ['?width=64', 200]]) {
    const r = await send('POST', '/v1/render' + query, { position: small }, { accept: 'image/png' });
    checkResponse({ method: 'POST', path: '/v1/render', status: r.status, contentType: r.contentType, body: r.text });
    assert.equal(r.status, status, query);
  }
  await call('POST', '/v1/render', { position: small, show: { feature: { x: 9, y: 9, at: 'N' } } }, 422);
  await call('POST', '/v1/render', { position: small, show: { nope: 1 } }, 400);
});

test('GET /explore serves the explorer page', async () => {
  const r = await call('GET', '/explore', undefined, 200);
  assert.match(r.contentType, /text\/html/);
  assert.match(r.text, /<title>Carcassonne explorer<\/title>/);
  assert.doesNotMatch(r.text, /<script[^>]+src=|<link[^>]+href="(?!data:)|https?:\/\//, 'nothing from elsewhere');
});

test('POST /v1/turn', async () => {
  const body = { position: small, tile: 'base.V', x: 2, y: 0, rot: 0 };
  await call('POST', '/v1/turn', body, [200, 400, 422]);
});

test('POST /v1/messages/{n} for every card', async () => {
  const pos = { ...small, expansions: ['messages'] };
  for (let n = 1; n <= 8; n++) {
    const body = n === 8 ? { position: pos, figure: { x: 0, y: 0, at: 'N' } } : { position: pos };
    await call('POST', `/v1/messages/${n}`, body, [200, 422]);
  }
  await call('POST', '/v1/messages/9', { position: pos }, [400, 404]);
});

test('the 100-tile bench bodies answer 200 on every benchmarked route', async (t) => {
  for (const route of ['validate', 'placements', 'deployments', 'score', 'features']) {
    const body = benchBody(route);
    if (!body) { t.diagnostic(`bench/bodies/${route}.json missing`); continue; }
    await call('POST', `/v1/${route}`, body, 200);
  }
});

test('CORS: every answer allows any origin; OPTIONS preflight is 204', async () => {
  for (const [method, path, body] of [['GET', '/healthz'], ['GET', '/v1/nope'], ['POST', '/v1/validate', { position: small }]]) {
    const r = await send(method, path, body);
    assert.equal(r.headers.get('access-control-allow-origin'), '*', `${method} ${path}`);
  }
  const pre = await fetch(svc.base + '/v1/placements', {
    method: 'OPTIONS',
    headers: { origin: 'https://example.org', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
  });
  const text = await pre.text();
  checkResponse({ method: 'OPTIONS', path: '/v1/placements', status: pre.status, contentType: pre.headers.get('content-type'), body: text });
  assert.equal(pre.headers.get('access-control-allow-origin'), '*');
  assert.match(pre.headers.get('access-control-allow-methods') ?? '', /POST/);
  assert.match(pre.headers.get('access-control-allow-headers') ?? '', /content-type/i);
});

test('GET /metrics: Prometheus text with requests by route and status, and latency', async () => {
  await call('GET', '/healthz', undefined, 200);
  await call('POST', '/v1/validate', '{', 400);
  const r = await call('GET', '/metrics', undefined, 200);
  assert.match(r.contentType, /^text\/plain; version=0\.0\.4/);
  const count = (route, code) => Number((new RegExp(`^carcassonne_http_requests_total\\{route="${route}",code="${code}"\\} (\\d+)$`, 'm').exec(r.text) ?? [])[1]);
  assert.ok(count('/healthz', 200) >= 1, r.text);
  assert.ok(count('/v1/validate', 400) >= 1, r.text);
  assert.match(r.text, /^# TYPE carcassonne_http_request_duration_seconds histogram$/m);
  const inf = Number(/^carcassonne_http_request_duration_seconds_bucket\{route="\/healthz",le="\+Inf"\} (\d+)$/m.exec(r.text)[1]);
  const cnt = Number(/^carcassonne_http_request_duration_seconds_count\{route="\/healthz"\} (\d+)$/m.exec(r.text)[1]);
  assert.equal(inf, cnt);
  await call('POST', '/metrics', '{}', 405);
  // every non-comment line is "name{labels} value" or "name value"
  for (const line of r.text.split('\n').filter((l) => l && !l.startsWith('#')))
    assert.match(line, /^[a-z_]+(\{[^}]*\})? [0-9.e+-]+$/, line);
});

test('one structured access-log line per request on stderr', async () => {
  // A worker writes its lines when its pass over the ready connections
  // ends, just after the answers (as nginx logs after answering): let the
  // earlier tests' lines arrive before counting.
  await new Promise((r) => setTimeout(r, 50));
  const before = svc.stderr().split('\n').filter(Boolean).length;
  await call('GET', '/healthz', undefined, 200);
  await call('GET', '/v1/tiles/no"such', undefined, 404);
  await new Promise((r) => setTimeout(r, 50));
  const lines = svc.stderr().split('\n').filter(Boolean);
  assert.equal(lines.length - before, 2, lines.slice(before).join('\n'));
  for (const line of lines.slice(before)) {
    const entry = JSON.parse(line);
    for (const k of ['ts', 'method', 'path', 'status', 'bytes', 'us']) assert.ok(k in entry, `${k} missing: ${line}`);
    assert.match(entry.ts, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  }
  const last = JSON.parse(lines.at(-1));
  assert.equal(last.path, '/v1/tiles/no%22such');
  assert.equal(last.status, 404);
});
