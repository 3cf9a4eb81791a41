// tests/contract/surface-lang.test.mjs -- /v1/describe, the MCP server's
// words and the explorer page in the request's language (issue 15).
//
// A description in each language keeps every number, cell, location, tile
// id and player name of the English one and none of its sentence frames;
// tools/list in German has German titles and descriptions with the same
// names and schemas;
// the explorer page served with lang=de carries the German label table.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startService } from './server.mjs';

let svc;
before(async () => { svc = await startService(); });
after(async () => { if (svc) await svc.stop(); });

const POSITION = {
  players: ['red', 'blue'],
  tiles: [{ tile: 'base.D', x: 0, y: 0, rot: 0 }, { tile: 'base.E', x: 0, y: -1, rot: 180 }],
  figures: [{ player: 'red', kind: 'meeple', x: 0, y: -1, at: 'S' }],
};

async function describe(lang) {
  const res = await fetch(`${svc.base}/v1/describe?lang=${lang}`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ position: POSITION }) });
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('content-language'), lang);
  return res.json();
}

// The data of a text: cells with their locations ("(0, -1) S"), numbers,
// tile ids, player names.
const data = (text) => (text.match(/\(-?\d+, -?\d+\)(?: [A-Z]{1,3}\b)?|-?\d+|base\.[A-Z]+|\bred\b|\bblue\b/g) || []).sort();

// Sentence frames of the English description: if one survives, a word was not translated.
const FRAMES = ['The players, in turn order', 'is to play', 'Scores so far', 'tiles on the board',
  'x grows to the east', 'stands at', 'lies on', 'spans', 'Nobody stands on it', 'Scored now it would give',
  'If the game ended now', 'would win', 'share the lead', 'Players:', 'Board:', 'Features:'];

test('POST /v1/describe in de, fr, cs, pl and ca: the English numbers and data, no English frame', async () => {
  const en = await describe('en');
  assert.match(en.text, /The players, in turn order/);
  for (const lang of ['de', 'fr', 'cs', 'pl', 'ca']) {
    const d = await describe(lang);
    for (const frame of FRAMES) assert.ok(!d.text.includes(frame), `${lang}: "${frame}" left in ${d.text}`);
    assert.deepEqual(data(d.text), data(en.text), `${lang}: the same numbers and data`);
    assert.deepEqual(d.leaders, en.leaders, lang);
    assert.deepEqual(d.rules, en.rules, lang);
    for (const s of Object.keys(en.sections)) assert.equal(d.sections[s].length, en.sections[s].length, `${lang} ${s}`);
  }
});

async function mcp(query, body) {
  const res = await fetch(`${svc.base}/mcp${query}`, {
    method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, ...body }) });
  assert.equal(res.status, 200);
  return (await res.json()).result;
}

test('MCP tools/list in German: German titles and descriptions, the same names and schemas; prompts in German', async () => {
  const en = await mcp('', { method: 'tools/list' });
  const de = await mcp('?lang=de', { method: 'tools/list' });
  assert.deepEqual(de.tools.map((t) => t.name), en.tools.map((t) => t.name));
  for (const [i, t] of de.tools.entries()) {
    assert.deepEqual(t.inputSchema, en.tools[i].inputSchema, t.name);
    assert.deepEqual(t.outputSchema, en.tools[i].outputSchema, t.name);
    assert.notEqual(t.title, en.tools[i].title, `${t.name}: a German title`);
    assert.notEqual(t.description, en.tools[i].description, `${t.name}: a German description`);
    assert.equal(t.annotations.title, t.title, t.name);
  }
  const validate = de.tools.find((t) => t.name === 'validate_position');
  assert.equal(validate.title, 'Ist diese Stellung möglich?');
  assert.match(validate.description, /^Ist diese Stellung physisch möglich\?/);
  assert.match(validate.description, /`valid: true`/, 'code spans stay as they are');
  const prompts = await mcp('?lang=de', { method: 'prompts/list' });
  assert.match(prompts.prompts[0].description, /Regelfrage/);
  const init = await mcp('?lang=de', { method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } });
  assert.match(init.instructions, /Dieser Server/);
});

test('GET /explore?lang=de: the page with German labels and <html lang="de">; English unchanged', async () => {
  const de = await (await fetch(`${svc.base}/explore?lang=de`)).text();
  assert.match(de, /<html lang="de">/);
  const table = JSON.parse(de.match(/<script id="labels" type="application\/json">([\s\S]*?)<\/script>/)[1]);
  assert.equal(table.draw, 'Zeichnen');
  assert.equal(table['term.barn'], 'Gutshof');
  const en = await fetch(`${svc.base}/explore`);
  assert.equal(en.headers.get('content-language'), 'en');
  assert.match(await en.text(), /"draw": "Draw"/);
});
