// tests/contract/surface-lang.test.mjs -- /v1/describe, the MCP server's
// words and the explorer page in the request's language (issue 15).
//
// A description in each language keeps every number, cell, location, tile
// id and player name of the English one and none of its sentence frames;
// tools/list in German has German titles and descriptions with the same
// names and schemas; a tools/call in each language answers in sentences of
// that language (the text content) with the English numbers, cells, ids and
// names, and the same structuredContent numbers;
// the explorer page served with lang=de carries the German label table.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startService } from './server.mjs';
import { small, expansionsPosition } from './fixtures.mjs';

let svc;
before(async () => { svc = await startService(); });
after(async () => { if (svc) await svc.stop(); });

const POSITION = {
  players: ['red', 'blue'],
  tiles: [{ tile: 'base.D', x: 0, y: 0, rot: 0 }, { tile: 'base.E', x: 0, y: -1, rot: 180 }],
  figures: [{ player: 'red', kind: 'meeple', x: 0, y: -1, at: 'S' }],
};

// Every language the service lists besides English (GET /v1/languages).
async function others() {
  const res = await fetch(`${svc.base}/v1/languages`);
  return (await res.json()).languages.map((l) => l.code).filter((c) => c !== 'en');
}

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

test('POST /v1/describe in every language: the English numbers and data, no English frame', async () => {
  const en = await describe('en');
  assert.match(en.text, /The players, in turn order/);
  for (const lang of await others()) {
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
    assert.equal(t.annotations.title, undefined, `${t.name}: the title once, the tool's own (issue 32)`);
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
  assert.equal(table.draw, 'Plättchen ziehen');
  assert.equal(table['term.barn'], 'Gutshof');
  const en = await fetch(`${svc.base}/explore`);
  assert.equal(en.headers.get('content-language'), 'en');
  assert.match(await en.text(), /"draw": "Draw a tile"/);
});

// Tools whose text content answers.c writes, with good arguments, and one
// bad call (its problem's frame).
const CALLS = {
  validate_position: { position: small },
  legal_placements: { position: small, tile: 'base.V' },
  list_features: { position: small },
  deployment_options: { position: { ...small, figures: [] }, x: 1, y: 0 },
  wagon_moves: { position: expansionsPosition, x: 0, y: 0, at: 'N' },
  barn_check: { position: expansionsPosition, x: 0, y: 0, at: 'SE' },
  score: { position: small, x: 0, y: -1 },
  play_turn: { position: small, tile: 'base.V', x: 2, y: 0, rot: 0 },
  tile_facts: { id: 'BA/RCr' },
};

// Sentence frames of answers.c's English.
const ANSWER_FRAMES = ['The position is possible', 'Features by type', 'Figures on the board', 'fits in',
  'turned', 'What happens, in order', 'Points scored', 'Rules applied', 'A barn may', 'Nothing scores',
  'Next to play', 'The move is legal', 'may deploy', 'on the feature', 'may move to', 'At fault',
  'in the game', 'In catalog orientation', 'Source:', 'The city', 'The road', 'The field'];

const call = (lang, name, args) => mcp(lang === 'en' ? '' : `?lang=${lang}`,
  { method: 'tools/call', params: { name, arguments: args } });

// The answer's own sentences (before the rules paragraph, whose statements
// are checked by the rules' own tests) and the rule ids it cites.
const answerPart = (text) => text.split('\n\n')[0];
// Its numbers, cells and tile ids, and the players it names (an engine's
// sentence may name a player twice where the English says "who").
const facts = (text) => ({
  numbers: data(text).filter((d) => !/^(red|blue)$/.test(d)),
  players: [...new Set(text.match(/\b(red|blue)\b/g))].sort(),
});
const ruleIds = (text) => (text.split('\n\n')[1] || '').split('\n- ').slice(1).map((l) => l.split(':')[0]);

test('MCP tools/call in every language: the text content in the language, the English numbers and data', async () => {
  for (const [name, args] of Object.entries(CALLS)) {
    const en = await call('en', name, args);
    const enText = en.content[0].text;
    assert.ok(ANSWER_FRAMES.some((f) => enText.includes(f)), `${name}: the English has a frame to miss: ${enText}`);
    for (const lang of await others()) {
      const r = await call(lang, name, args);
      assert.equal(r.isError, false, `${lang} ${name}`);
      const text = r.content[0].text;
      for (const frame of ANSWER_FRAMES) assert.ok(!text.includes(frame), `${lang} ${name}: "${frame}" left in ${text}`);
      assert.deepEqual(facts(answerPart(text)), facts(answerPart(enText)), `${lang} ${name}: ${text}`);
      assert.deepEqual(ruleIds(text), ruleIds(enText), `${lang} ${name}: the rules applied`);
      assert.deepEqual(facts(JSON.stringify(r.structuredContent)).numbers,
        facts(JSON.stringify(en.structuredContent)).numbers, `${lang} ${name}: structuredContent's numbers`);
    }
  }
  const bad = await call('de', 'legal_placements', { position: small, tile: 'base.nope' });
  assert.equal(bad.isError, true);
  assert.match(bad.content[0].text, /^Unbekannte .*carcassonne-rules:\/\/tiles.* Fehlerhaft ist das Argument \/tile\.$/);
  assert.doesNotMatch(bad.content[0].text, /\(422\)|\/v1\//, 'no HTTP status or route (issue 32)');
});
