// tests/explorer/explore.test.mjs -- GET /explore in a real browser (make explore-check,
// part of make test).
//
// Debian's Chromium, headless, driven by puppeteer-core (pinned in
// package-lock.json; it downloads no browser), with no sandbox (root),
// no GPU, no background networking, component updates, first-run or sync,
// a fresh profile, and every host but 127.0.0.1 unresolvable: a page that
// needed anything from elsewhere would fail here. Against the service
// ($CC_BIN, the sanitizer build under make test):
//   - the page loads with nothing but same-origin requests;
//   - the README's /v1/score example is pasted and drawn: the SVG's tile and
//     figure groups are on the page;
//   - "Score this turn" lists the event; hovering it outlines its feature;
//   - a tile clicked shows its features and what may be deployed;
//   - "Where does it fit?" then a click on a ghost cell names the rotations;
//   - the README's error example shows the problem and marks the member its
//     pointer names in the pasted text;
//   - on a phone-sized screen nothing overflows sideways;
//   - with lang=de every label, button and line is German (the game's terms too).
// Screenshots and a PNG answer are kept in build/explore/ (the README's
// pictures are copies of them in docs/).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import puppeteer from 'puppeteer-core';
import { root } from '../contract/openapi.mjs';
import { startService } from '../contract/server.mjs';

const OUT = path.join(root, 'build', 'explore');
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
let svc, browser, page;
const foreign = [];

// The README's requests: the first `curl [-H ...] ... /v1/score -d '...'` and the
// `/v1/validate` example whose answer is a problem.
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
  page = await browser.newPage();
  await page.setViewport({ width: 1280, height: 900 });
  page.on('request', (r) => { if (!r.url().startsWith(svc.base) && !r.url().startsWith('data:')) foreign.push(r.url()); });
  page.on('pageerror', (e) => foreign.push(`page error: ${e.message}`));
  await page.goto(`${svc.base}/explore`, { waitUntil: 'networkidle0' });
});

after(async () => {
  if (browser) await browser.close();
  if (svc) await svc.stop();
  rmSync(path.join(OUT, 'profile'), { recursive: true, force: true });
});

async function paste(text) {
  await page.$eval('#source', (el, t) => { el.value = t; el.dispatchEvent(new Event('input')); }, text);
}

async function clickButton(id) {
  assert.equal(await page.$eval(`#${id}`, (b) => b.disabled), false, `#${id} is enabled`);
  await page.click(`#${id}`);
}

// What the page says, for a failing wait's message.
async function pageState() {
  return page.evaluate(() => ['status', 'problem', 'info'].map((id) => `${id}: ${document.getElementById(id).textContent.slice(0, 300)}`).join('\n'));
}

async function waitFor(selector) {
  try {
    await page.waitForSelector(selector, { timeout: 10000 });
  } catch (e) {
    throw new Error(`${selector} never appeared:\n${await pageState()}`);
  }
}

test('the page loads offline, labelled from one table of strings, with the tile list', async () => {
  assert.equal(await page.title(), 'Carcassonne explorer');
  assert.equal(await page.$eval('#draw', (b) => b.textContent), 'Draw');
  await page.waitForFunction(() => document.querySelectorAll('#tile option').length > 50);
  assert.deepEqual(foreign, []);
});

test("the README's example is drawn: tiles and figures from the SVG's groups", async () => {
  await paste(readmeBody('/v1/score'));
  await clickButton('draw');
  await waitFor('#board svg g.tile');
  const tiles = await page.$$eval('#board svg g.tile', (gs) => gs.map((g) => `${g.dataset.tile}@${g.dataset.x},${g.dataset.y}/${g.dataset.rot}`));
  assert.deepEqual(tiles.sort(), ['base.D@0,0/0', 'base.E@0,-1/180']);
  const figures = await page.$$eval('#board svg g.figure', (gs) => gs.map((g) => `${g.dataset.player} ${g.dataset.kind} ${g.dataset.at}`));
  assert.deepEqual(figures, ['red meeple S']);
  assert.match(await page.$eval('#status', (s) => s.textContent), /2 tiles, 1 figure/);
  assert.equal(await page.$eval('#score-turn', (b) => b.disabled), false, 'the pasted request is a scoring question');
});

test('scoring the turn lists its event, and hovering it outlines the city', async () => {
  await clickButton('score-turn');
  await waitFor('#events li');
  const events = await page.$$eval('#events li', (lis) => lis.map((li) => li.textContent));
  assert.equal(events.length, 1);
  assert.match(events[0], /completed city at \(0, -1\) S: red \+4/);
  await page.hover('#events li');
  const outlined = await page.$$eval('#board svg g.highlight.active', (gs) => gs.map((g) => `${g.dataset.kind} ${g.dataset.type} ${g.dataset.x},${g.dataset.y} ${g.dataset.at}`));
  assert.deepEqual(outlined, ['event city 0,-1 S']);
  assert.equal(await page.$eval('#board svg', (s) => s.classList.contains('hovering')), true);
  await page.screenshot({ path: path.join(OUT, 'explore-score.png') });
});

test('a tile clicked shows its features and what may be deployed on it', async () => {
  await page.mouse.move(0, 0);
  const tile = await page.$('#board svg g.tile[data-x="0"][data-y="0"]');
  const box = await tile.boundingBox();
  await tile.click({ offset: { x: box.width * 0.8, y: box.height * 0.8 } });
  await page.waitForFunction(() => /What red may deploy/.test(document.querySelector('#info').textContent),
    { timeout: 10000 }).catch(async () => { throw new Error(`no deployments shown:\n${await pageState()}`); });
  const info = await page.$eval('#info', (d) => d.textContent);
  assert.match(info, /Tile base\.D at \(0, 0\), turned 0°/);
  assert.match(info, /city at \(0, -1\) S: 2 tiles, complete/);
  assert.match(info, /road at \(0, 0\) E/);
  assert.ok(await page.$('#board svg g.highlight[data-kind="deployment"]'), 'the options are drawn');
  await page.screenshot({ path: path.join(OUT, 'explore-tile.png') });
});

test('where a tile fits: ghosts on the board, and a click on a cell names its rotations', async () => {
  await page.select('#tile', 'base.E');
  await clickButton('fits');
  await page.waitForSelector('#board svg g.highlight[data-kind="placement"][data-x="0"][data-y="1"]');
  const ghost = await page.$('#board svg g.highlight[data-kind="placement"][data-x="0"][data-y="1"]');
  assert.equal(await ghost.evaluate((g) => g.dataset.rot), '90 180 270');
  const box = await ghost.boundingBox();
  await ghost.click({ offset: { x: box.width / 2, y: box.height / 2 } });
  await waitFor('#cell-answer');
  assert.equal(await page.$eval('#cell-answer', (p) => p.textContent), 'base.E fits here turned 90°, 180°, 270°.');
  await page.screenshot({ path: path.join(OUT, 'explore-fits.png') });
});

test("a problem shows its detail and marks the member its pointer names", async () => {
  await paste(readmeBody('/v1/validate'));
  await clickButton('draw');
  await page.waitForSelector('#problem', { visible: true });
  assert.equal(await page.$eval('#problem-title', (h) => h.textContent), '422 Edges do not match');
  assert.match(await page.$eval('#problem-detail', (d) => d.textContent), /south edge of tiles\/1 \(base\.E\)/);
  assert.equal(await page.$eval('#problem-pointer', (d) => d.textContent), 'The member at /position/tiles/1 of the pasted JSON:');
  const marked = await page.$eval('#problem-excerpt mark', (m) => m.textContent);
  assert.equal(JSON.parse(marked).tile, 'base.E');
  const selected = await page.$eval('#source', (t) => t.value.slice(t.selectionStart, t.selectionEnd));
  assert.equal(selected, marked, 'the member is selected in the pasted text');
  await page.screenshot({ path: path.join(OUT, 'explore-problem.png') });
});

test('on a phone-sized screen the page fits its width', async () => {
  await page.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true });
  await paste(readmeBody('/v1/score'));
  await clickButton('draw');
  await page.waitForFunction(() => document.querySelector('#problem').style.display === 'none' &&
    document.querySelectorAll('#board svg g.tile').length === 2);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 1, `the page is ${overflow}px wider than the screen`);
  const svgWidth = await page.$eval('#board svg', (s) => s.getBoundingClientRect().width);
  assert.ok(svgWidth <= 390 && svgWidth > 250, `the board is ${svgWidth}px wide`);
  await page.screenshot({ path: path.join(OUT, 'explore-phone.png'), fullPage: true });
  await page.setViewport({ width: 1280, height: 900 });
});

test('the README picture: the example answer as a PNG, and the page with it', async () => {
  const body = JSON.parse(readmeBody('/v1/score'));
  const { position, ...score } = body;
  const res = await fetch(`${svc.base}/v1/render?width=640`, {
    method: 'POST', headers: { accept: 'image/png', 'content-type': 'application/json' },
    body: JSON.stringify({ position, show: { score, last: { x: score.x, y: score.y } } }),
  });
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('content-type'), 'image/png');
  writeFileSync(path.join(OUT, 'render-example.png'), Buffer.from(await res.arrayBuffer()));
  await paste(readmeBody('/v1/score'));
  await clickButton('score-turn');
  await waitFor('#events li');
  await page.screenshot({ path: path.join(OUT, 'explore.png') });
  assert.deepEqual(foreign, [], 'every request went to the service');
});

// Issue 15: the page in the request's language. The service serves the page
// with its label table in German: headings, buttons, the status line with
// German plural forms, the features' lines with the game's German terms.
test('with lang=de the page is labelled in German, terms included', async () => {
  const de = await browser.newPage();
  de.on('pageerror', (e) => foreign.push(`page error: ${e.message}`));
  await de.goto(`${svc.base}/explore?lang=de`, { waitUntil: 'networkidle0' });
  assert.equal(await de.title(), 'Carcassonne-Explorer');
  assert.equal(await de.$eval('html', (h) => h.lang), 'de');
  assert.equal(await de.$eval('#draw', (b) => b.textContent), 'Zeichnen');
  assert.equal(await de.$eval('#score-final', (b) => b.textContent), 'Schlusswertung');
  assert.equal(await de.$eval('#board-heading', (h) => h.textContent), 'Spielplan');
  await de.$eval('#source', (el, t) => { el.value = t; el.dispatchEvent(new Event('input')); }, readmeBody('/v1/score'));
  await de.click('#draw');
  await de.waitForSelector('#board svg g.tile', { timeout: 10000 });
  assert.match(await de.$eval('#status', (s) => s.textContent), /^2 Plättchen, 1 Figur\. /);
  await de.click('#board svg g.tile[data-x="0"][data-y="-1"]');
  await de.waitForFunction(() => /Gebiete auf diesem Plättchen/.test(document.querySelector('#info').textContent),
    { timeout: 10000 });
  assert.match(await de.$eval('#info', (d) => d.textContent), /Stadt auf \(0, -1\) S: 2 Plättchen, abgeschlossen, Wert 4/);
  await de.close();
  assert.deepEqual(foreign, [], 'no page error, every request to the service');
});
