// tests/explorer/explore.test.mjs -- GET /explore in a real browser (make explore-check,
// part of make test).
//
// Debian's Chromium, headless, driven by puppeteer-core (pinned in
// package-lock.json; it downloads no browser; it runs on Node 18), with no
// sandbox (root), no GPU, no background networking, a fresh profile, and
// every host but 127.0.0.1 unresolvable: a page that needed anything from
// elsewhere would fail here. Against the service ($CC_BIN, the sanitizer
// build under make test), through the page's stable hooks (explore.html's
// header, README "The explorer"):
//   - a 2-player game of 9 turns from New game with clicks only: draw, a
//     highlighted cell, a rotation (turned once with the turn button), a
//     deployment (by its button and by its spot on the board) or nothing,
//     one undo; every position the page shows is checked with /v1/validate
//     and is the one the turns it played make;
//   - the same game in German (?lang=de): after every step no English
//     sentence is on the page or in the picture;
//   - the JSON box: an edited position with a problem marks the member at
//     fault;
//   - Traders & Builders: a builder's double turn, played and undone;
//   - wagons: a wagon deployed on the city its tile completes returns; the
//     page asks where it rolls (/v1/wagon-moves, its destinations ringed on
//     the board) and the click on a ring is the move /v1/turn makes;
//   - the game saved as a .jcz through the page (a download) and opened
//     again through its file input gives back the same position;
//   - on a phone-sized screen the board comes first, fits the width, zooms
//     with the buttons and with a two-finger pinch, and pans with a finger.
// Screenshots and a PNG answer are kept in build/explore/ (the README's
// pictures docs/explore.png and docs/render-example.png are copies of them).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import puppeteer from 'puppeteer-core';
import { root } from '../contract/openapi.mjs';
import { startService } from '../contract/server.mjs';

const OUT = path.join(root, 'build', 'explore');
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const TURNS = 9;
let svc, browser;
const foreign = [];

// The README's requests: the first `curl [-H ...] ... ROUTE -d '...'`.
function readmeBody(route) {
  const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
  const m = new RegExp(`curl -s (?:-H '[^']*' )?localhost:\\$\\{PORT:-8080\\}${route} -d '([^']+)'`).exec(readme);
  assert.ok(m, `README has a curl example for ${route}`);
  return m[1];
}

before(async () => {
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  svc = await startService({}, ['--no-access-log']);
  browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    userDataDir: path.join(OUT, 'profile'),
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking',
      '--disable-component-update', '--no-first-run', '--disable-sync',
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1'],
  });
});

after(async () => {
  if (browser) await browser.close();
  if (svc) await svc.stop();
  rmSync(path.join(OUT, 'profile'), { recursive: true, force: true });
});

async function openPage(query = '', viewport = { width: 1280, height: 900 }) {
  const page = await browser.newPage();
  await page.setViewport(viewport);
  page.on('request', (r) => { if (!r.url().startsWith(svc.base) && !r.url().startsWith('data:') && !r.url().startsWith('blob:')) foreign.push(r.url()); });
  page.on('pageerror', (e) => foreign.push(`page error: ${e.message}`));
  await page.goto(`${svc.base}/explore${query}`, { waitUntil: 'networkidle0' });
  return page;
}

// What the page says, for a failing wait's message.
async function pageState(page) {
  await page.screenshot({ path: path.join(OUT, 'failed.png') }).catch(() => {});
  return page.evaluate(() => ['prompt', 'problem', 'status', 'choices'].map((id) => `${id}: ${document.getElementById(id).textContent.replace(/\s+/g, ' ').slice(0, 400)}`).join('\n'));
}

// Wait for the page to enter one of phases (after the step `after`, when given).
async function waitPhase(page, phases, after = 0) {
  const list = [].concat(phases);
  try {
    await page.waitForFunction((l, a) => !document.querySelector('[data-role="phase"]').dataset.busy &&
      +document.querySelector('[data-role="phase"]').dataset.step > a &&
      l.includes(document.querySelector('[data-role="phase"]').dataset.phase) &&
      document.querySelector('#problem').style.display !== 'block', { timeout: 20000, polling: 100 }, list, after);
  } catch (e) {
    throw new Error(`the page never reached ${list.join('/')}:\n${await pageState(page)}`);
  }
  return page.$eval('[data-role="phase"]', (s) => s.dataset.phase);
}

const step = (page) => page.$eval('[data-role="phase"]', (s) => +s.dataset.step);

// Click selector, then wait for the page to enter one of phases.
async function act(page, selector, phases) {
  if (process.env.EXPLORE_TRACE) console.error('act', selector);
  const before = await step(page);
  await page.click(selector);
  return waitPhase(page, phases, before);
}

async function position(page) {
  return JSON.parse(await page.$eval('textarea[data-role="position"]', (t) => t.value));
}

async function validate(p) {
  const res = await fetch(`${svc.base}/v1/validate`, { method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ position: p }) });
  const body = await res.json();
  assert.equal(res.status, 200, `the page's position is valid: ${JSON.stringify(body)}`);
  assert.equal(body.valid, true);
}

// A click at the middle of an SVG group (the board's ghosts and spots).
async function clickGroup(page, selector) {
  if (process.env.EXPLORE_TRACE) console.error('clickGroup', selector);
  for (let tries = 0; ; tries++) {
    const g = await page.$(selector);
    assert.ok(g, `${selector} is on the board: ${await page.$$eval('#board svg g.highlight', (gs) => gs.map((n) => `${n.dataset.kind} ${n.dataset.x},${n.dataset.y}`).join('; '))}\n${await pageState(page)}`);
    await g.evaluate((n) => n.scrollIntoView({ block: 'center', inline: 'center' })).catch(() => {});
    const box = await g.boundingBox().catch(() => null);
    if (box) {
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      return;
    }
    assert.ok(tries < 10, `${selector} is shown:\n${await pageState(page)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

// Everything a player reads: the page's rendered text and the picture's.
async function shownText(page) {
  return page.evaluate(() => {
    const svg = [...document.querySelectorAll('#board svg text')].map((t) => t.textContent).join('\n');
    return `${document.body.innerText}\n${svg}`;
  });
}

// Phrases of the English page and pictures, each of two words or more: none
// of them may be shown in another language.
function englishPhrases(labels) {
  const out = new Set(['to play', 'fits on', 'may deploy', 'Totals', 'Scoring', 'placed this turn', 'worth',
    'Nothing scores', 'tiles', 'figures', 'Key']);
  for (const [key, v] of Object.entries(labels)) {
    if (key.startsWith('term.') || key === 'defaultPlayers') continue;
    for (const piece of v.split(/\{[^}]*\}|[.:;,()…]/)) {
      const words = piece.trim();
      if (words.split(/\s+/).length >= 2 && words.length >= 8) out.add(words);
    }
  }
  return [...out];
}

function assertNoEnglish(text, phrases, where) {
  for (const p of phrases) {
    const re = new RegExp(`(^|[^\\p{L}])${p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}])`, 'u');
    assert.ok(!re.test(text), `${where}: English "${p}" is shown:\n${text.slice(0, 1500)}`);
  }
}

// One turn with clicks only. deploy: 'button', 'spot' or 'skip'; turnOnce:
// press the turn button before placing. Returns the move made.
async function playTurn(page, { deploy, turnOnce, check }) {
  let phase;
  for (let tries = 0; tries < 6; tries++) {
    phase = await act(page, '[data-action="draw"]', ['cell', 'draw', 'over']);
    if (phase === 'cell') break;   // else the tile fit nowhere and was discarded
  }
  assert.equal(phase, 'cell', 'a tile was drawn that fits');
  if (check) await check('cell');
  const ghosts = await page.$$('#board svg g.highlight[data-kind="placement"]');
  assert.ok(ghosts.length > 0, 'the cells where the tile fits are highlighted');
  const [gx, gy] = await ghosts[ghosts.length - 1].evaluate((g) => [g.dataset.x, g.dataset.y]);
  let before = await step(page);
  await clickGroup(page, `#board svg g.highlight[data-kind="placement"][data-x="${gx}"][data-y="${gy}"]`);
  await waitPhase(page, 'orient', before);
  const rots = await page.$$eval('[data-action="place"]', (bs) => bs.map((b) => `${b.dataset.x},${b.dataset.y},${b.dataset.rot}`));
  assert.ok(rots.length >= 1 && rots.every((r) => r.startsWith(`${gx},${gy},`)), `rotations offered on the cell: ${rots}`);
  let rot = rots[0].split(',')[2];
  if (turnOnce && rots.length > 1) {
    await act(page, '[data-action="turn"]', 'orient');
    rot = await page.$eval('[data-action="place"].current', (b) => b.dataset.rot);
  }
  if (check) await check('orient');
  await act(page, `[data-action="place"][data-rot="${rot}"]`, 'deploy');
  if (check) await check('deploy');
  const options = await page.$$eval('[data-action="deploy"]', (bs) => bs.map((b) => ({ kind: b.dataset.kind, at: b.dataset.at })));
  let chosen = null;
  before = await step(page);
  if (deploy === 'spot' && options.length) {
    // a spot with one option: clicking it on the board deploys
    const single = options.filter((o) => options.filter((p) => p.at === o.at).length === 1);
    chosen = single[0] || null;
    if (chosen) await clickGroup(page, `#board svg g.highlight[data-kind="deployment"][data-at="${chosen.at}"]`);
  }
  if (!chosen && deploy !== 'skip' && options.length) {
    chosen = options.find((o) => o.kind === 'meeple') || options[0];
    await page.click(`[data-action="deploy"][data-kind="${chosen.kind}"][data-at="${chosen.at}"]`);
  }
  if (!chosen) await page.click('[data-action="skip"]');
  try {
    await waitPhase(page, ['draw', 'over'], before);
  } catch (e) {
    throw new Error(`${e.message}\n${deploy} ${JSON.stringify(chosen)} of ${JSON.stringify(options)}`);
  }
  return { x: +gx, y: +gy, rot: +rot, deploy: chosen };
}

// A game from New game: TURNS turns (one of them undone and played again).
async function playGame(page, name, check) {
  await act(page, '[data-action="new-game"]', 'draw');
  let p = await position(page);
  assert.deepEqual(p.players, ['Anna', 'Ben']);
  assert.equal(p.tiles.length, 1);
  await validate(p);
  if (check) await check('draw');
  let deployed = 0;
  let undone = false;
  for (let t = 0; t < TURNS; t++) {
    const before = await position(page);
    const how = ['button', 'skip', 'spot'][t % 3];
    const move = await playTurn(page, { deploy: how, turnOnce: t % 2 === 0, check });
    p = await position(page);
    await validate(p);
    assert.equal(p.tiles.length, before.tiles.length + 1, 'one tile more');
    const placed = p.tiles[p.tiles.length - 1];
    assert.deepEqual([placed.x, placed.y, placed.rot], [move.x, move.y, move.rot], 'the tile where it was clicked');
    assert.notEqual(p.active, before.active ?? before.players[0], 'the other player is to play');
    if (move.deploy) deployed++;
    const scores = await page.$$eval('#scores tr[data-player] td:nth-child(2)', (tds) => tds.map((td) => +td.textContent));
    assert.deepEqual(scores, p.players.map((who) => p.scores?.[who] ?? 0), 'the scores shown are the position\'s');
    if (check) await check('played');
    if (t === 4 && !undone) {
      undone = true;
      await act(page, '[data-action="undo"]', 'draw');
      assert.deepEqual(await position(page), before, 'undo restores the position before the turn');
      t--;
      if (move.deploy) deployed--;
    }
  }
  assert.ok(deployed >= 2, `figures were deployed (${deployed})`);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(OUT, `${name}-desktop.png`) });
  p = await position(page);
  assert.equal(p.tiles.length, 1 + TURNS);
  return p;
}

test('a 2-player game of 9 turns, played with clicks only from New game', async () => {
  const page = await openPage();
  assert.equal(await page.title(), 'Carcassonne explorer');
  await playGame(page, 'explore-game');
  assert.deepEqual(foreign, [], 'every request went to the service');
  await page.screenshot({ path: path.join(OUT, 'explore.png') });
  // the JSON box: a broken edit is refused, its member marked
  const bad = JSON.parse(readmeBody('/v1/validate')).position;
  await page.$eval('textarea[data-role="position"]', (t, v) => { t.value = v; }, JSON.stringify(bad, null, 2));
  await page.click('#apply');
  await page.waitForSelector('#problem', { visible: true });
  assert.equal(await page.$eval('#problem-title', (h) => h.textContent), '422 Edges do not match');
  assert.equal(await page.$eval('#problem-pointer', (d) => d.textContent), 'The member at /tiles/1 of the JSON:');
  assert.equal(JSON.parse(await page.$eval('#problem-excerpt mark', (m) => m.textContent)).tile, 'base.E');
  await page.close();
});

test('the same game in German: no English sentence on the page or in the picture', async () => {
  const en = await openPage();
  const labels = JSON.parse(await en.$eval('#labels', (s) => s.textContent));
  await en.close();
  const phrases = englishPhrases(labels);
  const page = await openPage('?lang=de');
  assert.equal(await page.$eval('html', (h) => h.lang), 'de');
  const check = async (where) => assertNoEnglish(await shownText(page), phrases, where);
  await check('start');
  await playGame(page, 'explore-game-de', check);
  // every route was asked in German
  assert.match(await page.$eval('#board svg title', (t) => t.textContent), /Carcassonne/);
  assert.deepEqual(foreign, []);
  await page.close();
});

test('on a phone the board comes first, fits the screen, and zooms', async () => {
  const page = await openPage('', { width: 390, height: 844, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  await act(page, '[data-action="new-game"]', 'draw');
  for (let t = 0; t < 3; t++) await playTurn(page, { deploy: 'button' });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 1, `the page is ${overflow}px wider than the screen`);
  const [boardTop, playTop] = await page.evaluate(() => ['#board', '#play'].map((s) => document.querySelector(s).getBoundingClientRect().top));
  assert.ok(boardTop < playTop, 'the board comes first');
  const w0 = await page.$eval('#board svg', (s) => s.getBoundingClientRect().width);
  assert.ok(w0 <= 390 && w0 > 120, `the board is ${w0}px wide`);
  await page.click('#zoom-in');
  const w1 = await page.$eval('#board svg', (s) => s.getBoundingClientRect().width);
  assert.ok(w1 > w0 * 1.3, `zoomed in: ${w0} -> ${w1}`);
  await page.click('#zoom-fit');
  await act(page, '[data-action="draw"]', ['cell', 'draw']);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(OUT, 'explore-phone.png') });
  // two fingers spread on the board zoom it; one finger drags it along
  const cdp = await page.target().createCDPSession();
  const box = await page.$eval('#board', (b) => { const r = b.getBoundingClientRect(); return { x: r.x + r.width / 2, y: r.y + r.height / 2 }; });
  const fit = await page.$eval('#board svg', (s) => s.getBoundingClientRect().width);
  await cdp.send('Input.synthesizePinchGesture', { x: box.x, y: box.y, scaleFactor: 2.5, relativeSpeed: 400, gestureSourceType: 'touch' });
  const pinched = await page.$eval('#board svg', (s) => s.getBoundingClientRect().width);
  assert.ok(pinched > fit * 1.5, `a pinch zooms the board: ${fit} -> ${pinched}`);
  const scroll0 = await page.$eval('#board', (b) => [b.scrollLeft, b.scrollTop]);
  const finger = (type, x, y) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });
  await finger('touchStart', box.x, box.y);
  for (let i = 1; i <= 6; i++) await finger('touchMove', box.x + 20 * i, box.y + 12 * i);
  await finger('touchEnd');
  const scroll1 = await page.$eval('#board', (b) => [b.scrollLeft, b.scrollTop]);
  assert.ok(scroll1[0] !== scroll0[0] || scroll1[1] !== scroll0[1], `a finger pans the board: ${scroll0} -> ${scroll1}`);
  const pageScroll = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(pageScroll <= 1, 'zooming the board does not widen the page');
  await page.screenshot({ path: path.join(OUT, 'explore-phone-zoomed.png') });
  await page.close();
});

// A tile picked from the list, its cell clicked, placed turned rot.
async function pickAndPlace(page, tile, x, y, rot) {
  let before = await step(page);
  await page.select('select[data-action="tile"]', tile);
  await waitPhase(page, 'cell', before);
  before = await step(page);
  await clickGroup(page, `#board svg g.highlight[data-kind="placement"][data-x="${x}"][data-y="${y}"]`);
  await waitPhase(page, 'orient', before);
  return act(page, `[data-action="place"][data-rot="${rot}"]`, 'deploy');
}

// Inns & Cathedrals (issue 28) from the setup form: the large meeple is
// offered wherever a meeple may stand and scores the city it completes
// like one follower (4 points for two tiles), then goes home.
test('Inns & Cathedrals from the setup form: the large meeple is offered and scores the city it completes', async () => {
  const page = await openPage();
  await page.click('#expansions input[value="inns-cathedrals"]');
  await act(page, '[data-action="new-game"]', 'draw');
  const start = await position(page);
  assert.deepEqual(start.expansions, ['inns-cathedrals']);
  await pickAndPlace(page, 'base.E', 0, -1, 180);
  assert.ok(await page.$('[data-action="deploy"][data-kind="meeple"][data-at="S"]'), 'a meeple is offered on the city');
  await act(page, '[data-action="deploy"][data-kind="big"][data-at="S"]', 'draw');
  const p = await position(page);
  await validate(p);
  assert.deepEqual(p.figures, [], 'the large meeple went home with the scoring');
  assert.equal(p.scores.Anna, 4);
  assert.equal(p.active, 'Ben');
  assert.deepEqual(foreign, []);
  await page.close();
});

// Traders & Builders (issue 29) from the setup form: Anna's meeple on the
// start tile's road, then her builder on it (the tile that places the
// builder gives no second tile); when she next extends that road,
// /v1/turn answers builder_turn and the page lets her draw and place
// again, once (no third tile: Ben plays next); undo takes the second tile
// back and then the first. Each player's goods are in the scores table.
test('Traders & Builders from the setup form: a builder gives its owner a double turn, undone tile by tile', async () => {
  const page = await openPage();
  await page.click('#expansions input[value="traders-builders"]');
  await act(page, '[data-action="new-game"]', 'draw');
  assert.deepEqual((await position(page)).expansions, ['traders-builders']);
  const goods = await page.$$eval('#scores td[data-role="goods"]', (tds) => tds.map((t) => [t.dataset.wine, t.dataset.grain, t.dataset.cloth]));
  assert.deepEqual(goods, [['0', '0', '0'], ['0', '0', '0']], 'each player\'s goods in the scores table');
  const road = (kind) => `[data-action="deploy"][data-kind="${kind}"][data-at="E"], [data-action="deploy"][data-kind="${kind}"][data-at="W"]`;
  await pickAndPlace(page, 'base.U', 1, 0, 0);                      // Anna: a meeple on the road
  await act(page, road('meeple'), 'draw');
  await pickAndPlace(page, 'base.U', -1, 0, 0);                     // Ben extends it, deploys nothing
  await act(page, '[data-action="skip"]', 'draw');
  await pickAndPlace(page, 'base.U', 2, 0, 0);                      // Anna: her builder on her road
  assert.ok(await page.$(road('builder')), 'the builder is offered on the road that holds her meeple');
  await act(page, road('builder'), 'draw');
  let p = await position(page);
  assert.equal(p.active, 'Ben', 'the tile that places the builder gives no second tile');
  assert.ok(!p.builder_turn);
  await pickAndPlace(page, 'base.U', -2, 0, 0);                     // Ben
  await act(page, '[data-action="skip"]', 'draw');
  const before = await position(page);
  await pickAndPlace(page, 'base.U', 3, 0, 0);                      // Anna extends her builder's road
  await act(page, '[data-action="skip"]', 'draw');
  p = await position(page);
  await validate(p);
  assert.equal(p.active, 'Anna', 'the builder gives Anna a second tile');
  assert.equal(p.builder_turn, true);
  assert.match(await page.$eval('#status', (s) => s.textContent), /Anna places another tile/);
  assert.match(await page.$eval('#prompt', (s) => s.textContent), /^Anna:/);
  const second = await position(page);
  await pickAndPlace(page, 'base.U', -3, 0, 0);                     // the second tile, extending the road again
  await act(page, '[data-action="skip"]', 'draw');
  p = await position(page);
  await validate(p);
  assert.equal(p.active, 'Ben', 'no third tile');
  assert.ok(!p.builder_turn);
  await act(page, '[data-action="undo"]', 'draw');
  assert.deepEqual(await position(page), second, 'undo takes the second tile back: Anna places it again');
  await act(page, '[data-action="undo"]', 'draw');
  assert.deepEqual(await position(page), before, 'and then the first');
  assert.equal(await page.$$eval('#board svg g.figure[data-kind="builder"]', (g) => g.length), 1, 'the builder is drawn');
  assert.deepEqual(foreign, []);
  await page.close();
});

test('a wagon that returns is moved from the page, by a click on its destination', async () => {
  const page = await openPage();
  await page.click('#expansions input[value="abbey-mayor"]');
  await act(page, '[data-action="new-game"]', 'draw');
  const start = await position(page);
  assert.deepEqual(start.expansions, ['abbey-mayor']);
  // Anna places base.E on the start tile's city, a wagon on it: the city is
  // complete, the wagon returns and may roll on (the contract's /v1/turn example)
  await pickAndPlace(page, 'base.E', 0, -1, 180);
  await act(page, '[data-action="deploy"][data-kind="wagon"][data-at="S"]', 'wagon');
  assert.match(await page.$eval('#prompt', (d) => d.textContent), /^Anna: your wagon at \(0, -1\) S returns/);
  const offered = await page.$$eval('[data-action="wagon"]', (bs) => bs.map((b) => ({ x: +b.dataset.x, y: +b.dataset.y, at: b.dataset.at })));
  const asked = await (await fetch(`${svc.base}/v1/wagon-moves`, { method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ position: { ...start, tiles: [...start.tiles, { tile: 'base.E', x: 0, y: -1, rot: 180 }],
      figures: [{ player: 'Anna', kind: 'wagon', x: 0, y: -1, at: 'S' }] }, x: 0, y: -1, at: 'S', placed: { x: 0, y: -1 } }) })).json();
  assert.deepEqual(offered, asked.destinations.map((d) => ({ x: d.x, y: d.y, at: d.at })), 'the buttons are /v1/wagon-moves\' destinations');
  const rings = await page.$$eval('#board svg g.highlight[data-kind="wagon-destination"]', (gs) => gs.length);
  assert.equal(rings, offered.length, 'each destination is ringed on the board');
  assert.ok(await page.$('[data-action="wagon-stay"]'), 'the wagon may go back to the supply');
  await page.screenshot({ path: path.join(OUT, 'explore-wagon.png') });
  const to = offered[0];
  const before = await step(page);
  // the ring itself (the group holds the arrow from the wagon too)
  await clickGroup(page, `#board svg g.highlight[data-kind="wagon-destination"][data-x="${to.x}"][data-y="${to.y}"][data-at="${to.at}"] path:last-of-type`);
  await waitPhase(page, 'draw', before);
  const p = await position(page);
  await validate(p);
  assert.deepEqual(p.figures, [{ player: 'Anna', kind: 'wagon', x: to.x, y: to.y, at: to.at }], 'the wagon rolled where it was clicked');
  assert.equal(p.scores.Anna, 4);
  assert.equal(p.active, 'Ben');
  assert.match(await page.$eval('#events', (o) => o.textContent), /Anna \+4/);
  // undo takes the whole turn back, wagon and all
  await act(page, '[data-action="undo"]', 'draw');
  assert.deepEqual(await position(page), start);
  assert.deepEqual(foreign, []);
  await page.close();
});

test('a game saved as a .jcz through the page opens again as the same position', async () => {
  const page = await openPage();
  const dir = path.join(OUT, 'download');
  mkdirSync(dir, { recursive: true });
  const cdp = await browser.target().createCDPSession();
  await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: dir });
  await act(page, '[data-action="new-game"]', 'draw');
  for (let t = 0; t < 4; t++) await playTurn(page, { deploy: ['button', 'skip'][t % 2] });
  const saved = await position(page);
  await page.click('[data-action="save"]');
  await page.waitForFunction(() => /\.jcz/.test(document.getElementById('status').textContent) ||
    document.getElementById('problem').style.display === 'block', { timeout: 20000 });
  assert.match(await page.$eval('#status', (d) => d.textContent), /^Saved carcassonne-.*\.jcz\.$/, await pageState(page));
  let file = null;
  for (let i = 0; i < 100 && !file; i++) {
    file = readdirSync(dir).find((f) => f.endsWith('.jcz'));
    if (!file) await new Promise((r) => setTimeout(r, 100));
  }
  assert.ok(file, 'the page downloads a .jcz');
  const jcz = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
  assert.ok(Array.isArray(jcz.players) || typeof jcz === 'object', 'the file is JSON');
  const other = await openPage();
  const before = await step(other);
  const input = await other.$('input[data-action="open"]');
  await input.uploadFile(path.join(dir, file));
  await waitPhase(other, 'draw', before);
  const opened = await position(other);
  await validate(opened);
  for (const key of ['players', 'active', 'tiles', 'figures', 'scores'])
    assert.deepEqual(opened[key], saved[key], `${key} after the round trip`);
  // and play on from it
  await playTurn(other, { deploy: 'skip' });
  assert.equal((await position(other)).tiles.length, saved.tiles.length + 1);
  assert.deepEqual(foreign, []);
  await other.close();
  await page.close();
});

test('the README picture: the example answer as a PNG', async () => {
  const body = JSON.parse(readmeBody('/v1/score'));
  const { position: p, ...score } = body;
  const res = await fetch(`${svc.base}/v1/render?width=640`, {
    method: 'POST', headers: { accept: 'image/png', 'content-type': 'application/json' },
    body: JSON.stringify({ position: p, show: { score, last: { x: score.x, y: score.y } } }),
  });
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('content-type'), 'image/png');
  writeFileSync(path.join(OUT, 'render-example.png'), Buffer.from(await res.arrayBuffer()));
});
