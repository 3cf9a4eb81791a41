// tests/contract/lang.test.mjs -- the answer's language over the real server.
//
// Issue 15: every answer carries Content-Language and one Vary naming
// Accept-Language; lang= wins over Accept-Language; a language the service
// lacks is English; a malformed lang= is a 400 problem naming the
// parameter; and concurrent requests in different languages never cross
// (the language lives in each request's context, never in a global or a
// locale). Each answer is validated against the OpenAPI document.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { makeChecker } from './openapi.mjs';
import { startService } from './server.mjs';

const { checkResponse } = makeChecker();
let svc;

before(async () => { svc = await startService(); });
after(async () => { if (svc) await svc.stop(); });

async function get(path, headers = {}) {
  const res = await fetch(svc.base + path, { headers });
  const text = await res.text();
  checkResponse({ method: 'GET', path: path.split('?')[0], status: res.status,
    contentType: res.headers.get('content-type'), body: text });
  return { status: res.status, headers: res.headers, text };
}

test('GET /v1/languages lists 13: English first, then de, fr, cs, pl, ca, then the others by code, named in themselves', async () => {
  const r = await get('/v1/languages');
  assert.equal(r.status, 200);
  const body = JSON.parse(r.text);
  assert.equal(body.default, 'en');
  assert.deepEqual(body.languages.map((l) => l.code),
    ['en', 'de', 'fr', 'cs', 'pl', 'ca', 'es', 'lt', 'nl', 'ro', 'ru', 'sk', 'sl']);
  assert.deepEqual(body.languages.map((l) => l.name),
    ['English', 'Deutsch', 'Français', 'Čeština', 'Polski', 'Català', 'Español', 'Lietuvių', 'Nederlands',
      'Română', 'Русский', 'Slovenčina', 'Slovenščina']);
  const total = body.languages[0].messages;
  assert.ok(total > 0);
  for (const l of body.languages) {
    assert.equal(l.messages, total, `${l.code}: every language counts the same messages`);
    assert.ok(l.translated >= 0 && l.translated <= total, `${l.code}: ${l.translated} of ${total}`);
  }
  assert.equal(body.languages[0].translated, total, 'English is the original');
});

test('Content-Language and one Vary on every kind of answer, lang= winning over the header', async () => {
  const cases = [
    ['/healthz', {}, 200, 'en'],
    ['/healthz', { 'accept-language': 'cs-CZ, en;q=0.5' }, 200, 'cs'],
    ['/v1/rules?lang=pl', { 'accept-language': 'de' }, 200, 'pl'],
    ['/v1/rules', { 'accept-language': 'fr;q=0.4, ca;q=0.9' }, 200, 'ca'],
    ['/v1/rules?lang=it', { 'accept-language': 'de' }, 200, 'en'],
    ['/v1/rules', { 'accept-language': 'it, pt' }, 200, 'en'],
    // The service's own problems are in the request's language too;
    // the OpenAPI document is English only, and labelled so.
    ['/v1/tiles/nothing?lang=de', {}, 404, 'de'],
    ['/openapi.yaml?lang=de', {}, 200, 'en'],
  ];
  for (const [path, headers, status, lang] of cases) {
    const r = await get(path, headers);
    assert.equal(r.status, status, `${path}: ${r.text.slice(0, 200)}`);
    assert.equal(r.headers.get('content-language'), lang, path);
    assert.equal(r.headers.get('vary'), 'Accept-Language', path);
  }
});

test('POST /v1/render: Accept and Accept-Language in one Vary header', async () => {
  const res = await fetch(svc.base + '/v1/render?lang=de', { method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/html' }, body: '{}' });
  await res.text();
  assert.equal(res.headers.get('vary'), 'Accept, Accept-Language');
  assert.equal(res.headers.get('content-language'), 'de', 'a service problem, in German');
});

test('a malformed lang= is a 400 problem naming the parameter, in the header\'s language; a hostile header is English', async () => {
  for (const q of ['../../etc', '', '%00', 'de%00', '%C3%28', '%FF', '*', 'de;q=1', 'a'.repeat(40)]) {
    const r = await get(`/v1/rules?lang=${q}`, { 'accept-language': 'fr' });
    assert.equal(r.status, 400, `lang=${q}`);
    const p = JSON.parse(r.text);
    assert.equal(p.type, 'https://carcassonne-rules.example/problems/malformed-language-tag');
    assert.equal(p.pointer, '');
    assert.equal(p.parameter, 'lang');
    assert.equal(r.headers.get('content-language'), 'fr', 'worded in the header\'s language');
  }
  const hostile = ['de;q=' + '9'.repeat(5000), 'x,'.repeat(1000) + 'de;q=0.1',
    'de-' + 'a'.repeat(9000), Array.from({ length: 1000 }, (_, i) => `l${i % 26}`).join(',')];
  for (const h of hostile) {
    const r = await get('/healthz', { 'accept-language': h });
    assert.equal(r.status, 200);
    assert.ok(['en', 'de'].includes(r.headers.get('content-language')));
  }
});

// Each language's answer alone, then 390 requests at once in every language
// the service lists (13: by the header and by the parameter, interleaved):
// each must be exactly the answer its language got alone. With translations
// the bodies differ per language; without them Content-Language still
// tells them apart.
test('concurrent requests in all 13 languages never cross', async () => {
  const listed = JSON.parse((await get('/v1/languages')).text).languages.map((l) => l.code);
  assert.equal(listed.length, 13);
  const langs = listed;
  const alone = {};
  for (const l of langs) {
    const r = await get(`/v1/rules?lang=${l}`);
    alone[l] = r.text;
  }
  const jobs = [];
  for (let i = 0; i < 30 * langs.length; i++) {
    const l = langs[i % langs.length];
    const byHeader = i % 2 === 0;
    const path = byHeader ? '/v1/rules' : `/v1/rules?lang=${l}`;
    const headers = byHeader ? { 'accept-language': `${l};q=0.9, *;q=0.1` } : { 'accept-language': 'de' };
    jobs.push(fetch(svc.base + path, { headers }).then(async (res) => ({
      l, lang: res.headers.get('content-language'), text: await res.text() })));
  }
  const got = await Promise.all(jobs);
  for (const g of got) {
    assert.equal(g.lang, g.l, 'Content-Language is the one asked');
    assert.equal(g.text, alone[g.l], `the ${g.l} answer is the one ${g.l} got alone`);
  }
});
