#!/usr/bin/env node
// tools/problems-doc.mjs -- docs/problems.md, every problem type with a real example.
//
// Owns: the list of problem types the service answers (slug, status, what it
// means, where its pointer points) and one request that produces each. The
// examples are not written by hand: each request is answered by the binary
// (`carcassonne-rules ask`, the same dispatcher as the server) and the answer
// goes into the page as it came, so the page cannot drift from the service.
//
//   node tools/problems-doc.mjs BINARY          rewrite docs/problems.md
//   node tools/problems-doc.mjs BINARY --check  fail if docs/problems.md is stale,
//                                               or an example answers another type
//
// `make test` runs --check (tools/quality.mk, docs-lint). After changing a
// problem's wording: `make problems-doc`, and commit the page.
// Runs on Node 18, no packages.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const PAGE = join(ROOT, 'docs', 'problems.md');
const BASE = 'https://carcassonne-rules.example/problems/';

// ---- positions the examples start from -----------------------------------
const start = [{ tile: 'base.D', x: 0, y: 0, rot: 0 }];
const pos = (extra = {}) => ({ players: ['red', 'blue'], tiles: start, figures: [], ...extra });
const north = [...start, { tile: 'base.E', x: 0, y: -1, rot: 180 }];

// ---- the problem types -----------------------------------------------------
// group: the heading the type is listed under; example: {method, path, body}
// (body an object, or a string sent as is); none: why no request shows it.
const TYPES = [
  // ---- 400: the request is not what the route reads
  { slug: 'malformed-json', status: 400, group: 'request',
    meaning: 'The body is not one JSON value: a syntax error, invalid UTF-8, a duplicate member name, a number out of range, or nesting deeper than 32. The detail names the byte where reading stopped.',
    pointer: '`""` (the body as a whole)',
    example: { path: '/v1/validate', body: '{"position": {"players": ["red", "blue"],}' } },
  { slug: 'wrong-type', status: 400, group: 'request',
    meaning: 'A member holds a value of the wrong JSON type (a string where a number is expected, an object where an array is).',
    pointer: 'the member', example: { path: '/v1/validate', body: { position: pos({ players: 'red' }) } } },
  { slug: 'missing-member', status: 400, group: 'request',
    meaning: 'A required member is absent.', pointer: 'where the member should be',
    example: { path: '/v1/validate', body: { position: { tiles: start, figures: [] } } } },
  { slug: 'unknown-member', status: 400, group: 'request',
    meaning: 'An object holds a member the route does not read (often a typing error: the detail lists the members allowed there).',
    pointer: 'the member', example: { path: '/v1/placements', body: { position: pos(), tile: 'base.E', rotation: 90 } } },
  { slug: 'value-out-of-range', status: 400, group: 'request',
    meaning: 'A value of the right type outside its allowed set or range: a `rot` other than 0, 90, 180, 270, a coordinate beyond ±1000, an unknown figure `kind`, a location name that does not exist. The detail lists the allowed values.',
    pointer: 'the member', example: { path: '/v1/validate', body: { position: pos({ tiles: [{ tile: 'base.D', x: 0, y: 0, rot: 45 }] }) } } },
  { slug: 'duplicate-player', status: 400, group: 'request',
    meaning: 'The same name appears twice in `players`.', pointer: 'the second occurrence',
    example: { path: '/v1/validate', body: { position: pos({ players: ['red', 'red'] }) } } },
  { slug: 'unknown-player', status: 400, group: 'request',
    meaning: 'A player name (in `active`, a figure, `scores`, `abbeys`, a deployment) that is not in `players`.',
    pointer: 'the member naming the player', example: { path: '/v1/validate', body: { position: pos({ active: 'green' }) } } },
  { slug: 'unknown-expansion', status: 400, group: 'request',
    meaning: 'An entry of `expansions` the service does not know. The detail lists the known ones.',
    pointer: 'the entry', example: { path: '/v1/validate', body: { position: pos({ expansions: ['princess-dragon'] }) } } },
  { slug: 'duplicate-expansion', status: 400, group: 'request',
    meaning: 'The same expansion is listed twice.', pointer: 'the second occurrence',
    example: { path: '/v1/validate', body: { position: pos({ expansions: ['abbey-mayor', 'abbey-mayor'] }) } } },
  { slug: 'more-sheep-than-the-game-has', status: 422, group: 'position',
    meaning: 'A shepherd\'s `flock` lists more tokens than the bag holds sheep tokens (16: four of 1 sheep, five of 2, five of 3, two of 4).',
    pointer: 'the first token past the count',
    example: { path: '/v1/validate', body: { position: pos({ expansions: ['hills-sheep'], figures: [{ player: 'red', kind: 'shepherd', x: 0, y: 0, at: 'SSW', flock: Array(21).fill(1) }] }) } } },
  { slug: 'bad-path', status: 400, group: 'request',
    meaning: 'The path holds a malformed percent escape (`%zz`) or an escaped NUL.', pointer: '`""`',
    example: { method: 'GET', path: '/v1/tiles/base.%zz' } },
  { slug: 'malformed-language-tag', status: 400, group: 'request',
    meaning: 'The `lang` query parameter (any route) is not a language tag: empty, `../../etc`, `*`, an escaped NUL, bytes outside ASCII, over 35 bytes. A well-formed tag of a language the service lacks (`lang=es`) is no problem: the answer is English. A malformed `Accept-Language` is never a problem either: it is ignored.',
    pointer: '`""`, and `parameter`: `lang`',
    example: { method: 'GET', path: '/v1/rules?lang=../../etc' } },
  // ---- 404, 405, 413: routes and limits
  { slug: 'unknown-route', status: 404, group: 'route',
    meaning: 'No route has this path (`GET /v1/rules` and the OpenAPI document list them), or `/v1/messages/{n}` with `n` outside 1 to 8.',
    pointer: '`""`', example: { method: 'GET', path: '/v1/rule' } },
  { slug: 'unknown-tile', status: 404, group: 'route',
    meaning: 'A tile id in a path (`GET /v1/tiles/{id}`) that is neither a catalog id nor an alias. Ids are case-sensitive: `base.D`, or its alias `BA/RCr`.',
    pointer: '`""`', example: { method: 'GET', path: '/v1/tiles/base.Z' } },
  { slug: 'unknown-tile-id', status: 422, group: 'position',
    meaning: 'A tile id in a body that is neither a catalog id nor an alias (`GET /v1/tiles` lists them). Ids are case-sensitive: `base.D`, or its alias `BA/RCr`.',
    pointer: 'the member holding the id',
    example: { path: '/v1/validate', body: { position: pos({ tiles: [{ tile: 'base.Z', x: 0, y: 0, rot: 0 }] }) } } },
  { slug: 'not-acceptable', status: 406, group: 'route',
    meaning: '`POST /v1/render` answers `image/svg+xml` or `image/png`, and the request\'s `Accept` header allows neither.',
    pointer: '`""`', example: { path: '/v1/render', headers: ['Accept: text/html'], body: { position: pos() } } },

  { slug: 'method-not-allowed', status: 405, group: 'route',
    meaning: 'The path exists but not with this method. The `Allow` header lists the methods it has.',
    pointer: '`""`', example: { method: 'DELETE', path: '/v1/rules' } },
  { slug: 'body-too-large', status: 413, group: 'route',
    meaning: 'The body is over 1 MiB (1,048,576 bytes). The server answers as soon as `Content-Length` says so, without reading the body, and closes the connection.',
    pointer: '`""`', example: { path: '/v1/validate', body: 'x'.repeat(1048577), show: '(1,048,577 bytes of "x")' } },
  { slug: 'unsupported-media-type', status: 415, group: 'route',
    meaning: 'A POST body not declared JSON: its `Content-Type` is not `application/json` or an `application/...+json` type (with no `charset` but `utf-8`), or there is none. A web page may send forms and text to any address without a CORS preflight; none is read. `curl -d` labels its data as a form: add `-H \'Content-Type: application/json\'`. The answer carries `Accept-Post: application/json`.',
    pointer: '`""`', example: { headers: ['Content-Type: text/plain'], path: '/v1/validate', body: { position: pos() } } },
  { slug: 'not-available', status: 404, group: 'route',
    meaning: 'This build carries no OpenAPI document or docs page (a library built without them); the service binary always has both.',
    pointer: '`""`', none: 'not produced by the service binary' },
  // ---- 422: the position is impossible
  { slug: 'expansion-not-in-play', status: 422, group: 'position',
    meaning: 'A tile, a figure or a question of an expansion that `expansions` does not list.',
    pointer: 'the tile, figure or member',
    example: { path: '/v1/validate', body: { position: pos({ tiles: [...start, { tile: 'abbey-mayor.RC', x: 1, y: 0, rot: 0 }] }) } } },
  { slug: 'empty-board', status: 422, group: 'position',
    meaning: 'The position has no tile: every game starts with the start tile on the board.',
    pointer: '`/position/tiles`', example: { path: '/v1/validate', body: { position: pos({ tiles: [] }) } } },
  { slug: 'two-tiles-on-one-cell', status: 422, group: 'position',
    meaning: 'Two tiles on the same cell.', pointer: 'the second tile',
    example: { path: '/v1/validate', body: { position: pos({ tiles: [...start, { tile: 'base.E', x: 0, y: 0, rot: 0 }] }) } } },
  { slug: 'edges-do-not-match', status: 422, group: 'position',
    meaning: 'Two touching edges differ (city against field, road against city...). The detail names both tiles and both edge kinds.',
    pointer: 'the later of the two tiles',
    example: { path: '/v1/validate', body: { position: pos({ tiles: [...start, { tile: 'base.E', x: 0, y: -1, rot: 0 }] }) } } },
  { slug: 'tiles-not-connected', status: 422, group: 'position',
    meaning: 'A tile that no chain of edge-to-edge neighbours links to the first tile.', pointer: 'the tile',
    example: { path: '/v1/validate', body: { position: pos({ tiles: [...start, { tile: 'base.E', x: 5, y: 5, rot: 0 }] }) } } },
  { slug: 'more-tiles-than-the-game-has', status: 422, group: 'position',
    meaning: 'More copies of a tile than its set contains (`count` in `GET /v1/tiles`).', pointer: 'the copy past the count',
    example: { path: '/v1/validate', body: { position: pos({ tiles: [...start, { tile: 'base.C', x: 0, y: -1, rot: 0 }, { tile: 'base.C', x: 0, y: -2, rot: 0 }] }) } } },
  { slug: 'abbey-outside-a-hole', status: 422, group: 'position',
    meaning: 'An abbey tile on a cell whose four neighbours are not all tiles. (A position may show an abbey only where it filled a hole.)',
    pointer: 'the abbey tile',
    example: { path: '/v1/validate', body: { position: pos({ expansions: ['abbey-mayor'], tiles: [...start, { tile: 'abbey-mayor.abbey', x: 0, y: 1, rot: 0, player: 'red' }] }) } } },
  { slug: 'too-many-abbeys', status: 422, group: 'position',
    meaning: 'A player has placed more than one abbey, or `abbeys` says a player still holds one they have placed.',
    pointer: 'the abbey tile or the `abbeys` entry', none: 'see the example of wrong-number-of-abbeys for the form' },
  { slug: 'wrong-number-of-abbeys', status: 422, group: 'position',
    meaning: 'With Abbey & Mayor each player has at most one abbey tile: the abbeys on the board and those `abbeys` says are still in hand add up to more than the number of players.',
    pointer: '`/position/abbeys`, or the abbey tile that is one too many',
    none: 'needs an abbey in a hole; tests/engine/test_validate.c builds one' },
  { slug: 'shrine-rule-broken', status: 422, group: 'position',
    meaning: 'A shrine next to (of the 8 cells around it) more than one cloister or abbey, or a cloister or abbey next to more than one shrine.',
    pointer: 'the tile that breaks the rule', none: 'needs a larger board; tests/engine/test_validate.c builds one' },
  { slug: 'figure-off-the-board', status: 422, group: 'position',
    meaning: 'A figure on a cell that holds no tile.', pointer: 'the figure',
    example: { path: '/v1/validate', body: { position: pos({ figures: [{ player: 'red', kind: 'meeple', x: 3, y: 3, at: 'N' }] }) } } },
  { slug: 'figure-where-it-cannot-stand', status: 422, group: 'position',
    meaning: 'A figure at a location the tile lacks, or where its kind cannot stand: a mayor outside a city, a wagon or shepherd in the wrong feature, a barn off a four-tile field corner, a meeple on a field with `farmers: "off"`. The detail says which.',
    pointer: 'the figure\'s `at`',
    example: { path: '/v1/validate', body: { position: pos({ figures: [{ player: 'red', kind: 'meeple', x: 0, y: 0, at: 'NNE' }] }) } } },
  { slug: 'two-figures-on-one-spot', status: 422, group: 'position',
    meaning: 'Two figures on the same feature of the same tile (or two barns on one corner point): a tile\'s feature receives at most one figure in play.',
    pointer: 'the second figure',
    example: { path: '/v1/validate', body: { position: pos({ figures: [{ player: 'red', kind: 'meeple', x: 0, y: 0, at: 'E' }, { player: 'blue', kind: 'meeple', x: 0, y: 0, at: 'W' }] }) } } },
  { slug: 'more-figures-than-the-supply-holds', status: 422, group: 'position',
    meaning: 'A player has more figures of a kind on the board than the supply holds: 7 meeples, 1 mayor, 1 wagon, 1 barn, 1 shepherd.',
    pointer: 'the figure past the count', none: 'needs eight meeples on eight tiles; tests/engine/test_validate.c builds one' },
  // ---- 422: the question does not fit the position
  { slug: 'tile-not-on-the-board', status: 422, group: 'question',
    meaning: 'The question\'s `x, y` holds no tile.', pointer: '`/x`',
    example: { path: '/v1/deployments', body: { position: pos(), x: 4, y: 4 } } },
  { slug: 'no-tile-there', status: 422, group: 'library',
    meaning: 'The engine\'s scoring functions (`cc_score_turn`) asked about a cell that holds no tile. Over HTTP the same case is tile-not-on-the-board.',
    pointer: '`/x`', none: 'the C API only' },
  { slug: 'no-feature-there', status: 422, group: 'question',
    meaning: '`/v1/features` with `x, y, at`: the tile has no feature at `at`.', pointer: '`/at`',
    example: { path: '/v1/features', body: { position: pos(), x: 0, y: 0, at: 'C' } } },
  { slug: 'deployed-figure-not-in-the-position', status: 422, group: 'question',
    meaning: '`deployed` names a figure the position does not hold (the deployed figure must also be in `position.figures`).',
    pointer: '`/deployed`',
    example: { path: '/v1/score', body: { position: pos({ tiles: north }), x: 0, y: -1, deployed: { player: 'red', kind: 'meeple', x: 0, y: -1, at: 'S' } } } },
  { slug: 'deployed-figure-not-on-the-placed-tile', status: 422, group: 'question',
    meaning: '`deployed` stands on another tile than the one placed this turn (`x, y`).', pointer: '`/deployed`',
    example: { path: '/v1/score', body: { position: pos({ tiles: north, figures: [{ player: 'red', kind: 'meeple', x: 0, y: 0, at: 'E' }] }), x: 0, y: -1, deployed: { player: 'red', kind: 'meeple', x: 0, y: 0, at: 'E' } } } },
  { slug: 'no-wagon-there', status: 422, group: 'question',
    meaning: 'A wagon move (or `/v1/wagon-moves`) names a spot where no wagon stands.', pointer: 'the member naming the wagon',
    example: { path: '/v1/wagon-moves', body: { position: pos({ expansions: ['abbey-mayor'] }), x: 0, y: 0, at: 'E' } } },
  { slug: 'wagon-not-scored', status: 422, group: 'question',
    meaning: 'A wagon may move only after its feature was completed and scored; this one\'s feature is not complete.',
    pointer: 'the member naming the wagon',
    example: { path: '/v1/wagon-moves', body: { position: pos({ expansions: ['abbey-mayor'], figures: [{ player: 'red', kind: 'wagon', x: 0, y: 0, at: 'E' }] }), x: 0, y: 0, at: 'E' } } },
  { slug: 'no-abbey-in-hand', status: 422, group: 'question',
    meaning: '`/v1/placements` or `/v1/turn` with the abbey when the active player holds none (`abbeys` says 0).', pointer: '`/tile`',
    example: { path: '/v1/placements', body: { position: pos({ expansions: ['abbey-mayor'], abbeys: { red: 0, blue: 1 } }), tile: 'abbey-mayor.abbey' } } },
  { slug: 'no-copy-of-the-tile-left', status: 422, group: 'question',
    meaning: 'Every copy of the asked tile is already on the board.', pointer: '`/tile`',
    example: { path: '/v1/placements', body: { position: pos({ tiles: [...start, { tile: 'base.C', x: 0, y: -1, rot: 0 }] }), tile: 'base.C' } } },
  { slug: 'board-full', status: 422, group: 'question',
    meaning: 'The position already holds the most tiles a position may (280).', pointer: '`/tile`',
    none: 'needs 280 tiles' },
  { slug: 'not-the-active-player', status: 422, group: 'question',
    meaning: '`/v1/turn`: `deployed` names another player than the active one.', pointer: '`/deployed/player`',
    example: { path: '/v1/turn', body: { position: pos(), tile: 'base.E', x: 0, y: -1, rot: 180, deployed: { player: 'blue', kind: 'meeple', x: 0, y: -1, at: 'S' } } } },
  { slug: 'not-on-the-placed-tile', status: 422, group: 'question',
    meaning: '`/v1/turn`: `deployed` stands on another cell than the tile placed in this move.', pointer: '`/deployed`',
    example: { path: '/v1/turn', body: { position: pos(), tile: 'base.E', x: 0, y: -1, rot: 180, deployed: { player: 'red', kind: 'meeple', x: 0, y: 0, at: 'S' } } } },
  { slug: 'too-many-figures', status: 422, group: 'question',
    meaning: '`/v1/turn`: the move deploys a figure the player has none left of.', pointer: '`/deploy`',
    none: 'needs all seven meeples on the board' },
  { slug: 'shepherd-action-missing', status: 422, group: 'question',
    meaning: 'The placed tile extends the active player\'s shepherd\'s field, so the question must say `shepherd: {"action": "grow", "token": N}` or `{"action": "guide"}`.',
    pointer: '`/shepherd`', none: 'see docs/turn-routes.md for a shepherd position' },
  { slug: 'no-shepherd-to-act', status: 422, group: 'question',
    meaning: '`shepherd` is given but the placed tile does not extend the active player\'s shepherd\'s field.', pointer: '`/shepherd`',
    example: { path: '/v1/score', body: { position: pos({ expansions: ['hills-sheep'], tiles: north }), x: 0, y: -1, shepherd: { action: 'guide' } } } },
  { slug: 'token-missing', status: 422, group: 'question',
    meaning: '`shepherd: {"action": "grow"}` without the `token` drawn.', pointer: '`/shepherd/token`', none: 'see docs/turn-routes.md' },
  { slug: 'shepherd-s-first-draw-missing', status: 422, group: 'library',
    meaning: 'A shepherd deployed this turn needs the token of its first draw. Over HTTP the decoder answers missing-member at `/deployed/token` first.',
    pointer: '`/deployed/token`', none: 'the C API only' },
  { slug: 'shepherd-deployed-with-a-flock', status: 422, group: 'question',
    meaning: 'A shepherd deployed this turn stands in the position with an empty `flock`; its first token comes in `deployed.token`.', pointer: '`/deployed`',
    example: { path: '/v1/score', body: { position: pos({ expansions: ['hills-sheep'], tiles: north, figures: [{ player: 'red', kind: 'shepherd', x: 0, y: -1, at: 'NNE', flock: [2] }] }), x: 0, y: -1, deployed: { player: 'red', kind: 'shepherd', x: 0, y: -1, at: 'NNE', token: 2 } } } },
  { slug: 'token-without-a-shepherd', status: 422, group: 'library',
    meaning: 'A deployed figure with a token that is not a shepherd. Over HTTP the decoder answers unknown-member at `/deployed/token` first.',
    pointer: '`/deployed/token`', none: 'the C API only' },
  { slug: 'not-a-follower-of-the-active-player', status: 422, group: 'question',
    meaning: '`/v1/messages/8`: `figure` names no follower of the active player.', pointer: '`/figure`',
    example: { path: '/v1/messages/8', body: { position: pos({ expansions: ['messages'], scores: { red: [0, 0], blue: [0, 0] } }), figure: { x: 0, y: 0, at: 'E' } } } },
  { slug: 'duplicate-choice', status: 422, group: 'question',
    meaning: '`counting` names the same scoring event twice.', pointer: 'the second entry', none: 'see docs/messages.md' },
  { slug: 'no-such-event', status: 422, group: 'question',
    meaning: '`counting` names an event index the answer does not have.', pointer: 'the entry', none: 'see docs/messages.md' },
  // ---- 500 and 503: the service's own failure, or its passing shortage
  { slug: 'out-of-memory', status: 503, group: 'service',
    meaning: 'The service ran out of memory answering this request, wherever that happened: reading the body, working out the answer, writing it, or in the HTTP server for the connection. Nothing is wrong with the request, and the process lives on: the answer carries `Retry-After: 1`; ask again then, here or on another replica.',
    pointer: '`""`', none: 'not reproducible on purpose; tests/service/routes/test_oom_sweep.c makes each allocation of a request to every route fail in turn and checks for exactly this answer' },
  // ---- the HTTP server's own answers: framing (RFC 9112), deadlines, limits
  { slug: 'malformed-request', status: 400, group: 'http',
    meaning: 'The request\'s framing is malformed or ambiguous, the material of request smuggling: `Content-Length` with `Transfer-Encoding`, two `Content-Length` headers or one that is not plain digits, no `Host` in HTTP/1.1 or two, a bare CR or LF, whitespace before a colon, obsolete line folding, a control byte in a header, a malformed chunk, a request line that is not `METHOD target HTTP/x.y`. The detail says which. The connection is closed after the answer.',
    pointer: '`""`', none: 'answered by the HTTP server before any route (not by `ask`); tests/contract/framing.test.mjs and overload.test.mjs send it over a socket' },
  { slug: 'request-timeout', status: 408, group: 'http',
    meaning: 'The header block was still arriving 10 s after its first byte (`--header-timeout`), or the body 30 s after the headers (`--request-timeout`), or nothing came for 10 s in between. The connection is closed.',
    pointer: '`""`', none: 'answered by the HTTP server before any route (not by `ask`); tests/contract/framing.test.mjs and overload.test.mjs send it over a socket' },
  { slug: 'uri-too-long', status: 414, group: 'http',
    meaning: 'The request line is over 8 KiB.', pointer: '`""`', none: 'answered by the HTTP server before any route (not by `ask`); tests/contract/framing.test.mjs and overload.test.mjs send it over a socket' },
  { slug: 'expectation-failed', status: 417, group: 'http',
    meaning: 'An `Expect` header other than `100-continue`.', pointer: '`""`', none: 'answered by the HTTP server before any route (not by `ask`); tests/contract/framing.test.mjs and overload.test.mjs send it over a socket' },
  { slug: 'header-fields-too-large', status: 431, group: 'http',
    meaning: 'The request line and headers are over 16 KiB, or over 100 header fields.', pointer: '`""`', none: 'answered by the HTTP server before any route (not by `ask`); tests/contract/framing.test.mjs and overload.test.mjs send it over a socket' },
  { slug: 'transfer-coding-not-implemented', status: 501, group: 'http',
    meaning: 'A `Transfer-Encoding` other than `chunked` alone (`gzip, chunked`, ...).', pointer: '`""`', none: 'answered by the HTTP server before any route (not by `ask`); tests/contract/framing.test.mjs and overload.test.mjs send it over a socket' },
  { slug: 'http-version-not-supported', status: 505, group: 'http',
    meaning: 'An HTTP major version other than 1 (the service speaks HTTP/1.1 and 1.0).', pointer: '`""`', none: 'answered by the HTTP server before any route (not by `ask`); tests/contract/framing.test.mjs and overload.test.mjs send it over a socket' },
  { slug: 'server-busy', status: 503, group: 'http',
    meaning: 'The replica holds its connection limit (what its open-files limit allows, or `--max-connections`): the new connection is answered at once, with `Retry-After: 1`, and closed. Or it holds as many heavy requests (pictures, whole games imported or played, MCP tool calls) as its heavy pool runs and queues (`--heavy-threads`, `--heavy-queue`): that request is answered at once, with `Retry-After: 1`, and the connection stays open. Retry then, or on another replica.',
    pointer: '`""`', none: 'answered by the HTTP server before any route (not by `ask`); tests/contract/framing.test.mjs and overload.test.mjs send it over a socket' },
  { slug: 'too-many-connections', status: 503, group: 'http',
    meaning: 'The client\'s address (an IPv6 /64) holds its own limit of open connections (`--max-per-address`, by default 90% of the connection limit): answered at once, with `Retry-After: 1`, and closed.',
    pointer: '`""`', none: 'answered by the HTTP server before any route (not by `ask`); tests/contract/framing.test.mjs and overload.test.mjs send it over a socket' },
  { slug: 'no-answer', status: 500, group: 'service',
    meaning: 'A route produced no answer: a bug in the service. Please report it with the request.', pointer: '`""`', none: 'a bug' },
  { slug: 'no-such-message', status: 404, group: 'library',
    meaning: '`cc_message_card` with a card number outside 1 to 8. Over HTTP, `/v1/messages/9` is unknown-route.',
    pointer: '`""`', none: 'the C API only' },
  { slug: 'too-many-scoring-events', status: 400, group: 'library',
    meaning: 'The Messages counting functions were given more scoring awards than they count.', pointer: '`""`', none: 'the C API only' },
  { slug: 'negative-score', status: 400, group: 'library',
    meaning: 'The Messages counting functions were given a counting figure below 0.', pointer: '`""`', none: 'the C API only' },
  { slug: 'negative-points', status: 400, group: 'library',
    meaning: 'The Messages counting functions were given an award of negative points.', pointer: '`""`', none: 'the C API only' },
  { slug: 'rounds-out-of-order', status: 400, group: 'library',
    meaning: 'The Messages counting functions were given awards whose rounds do not follow the order of play.', pointer: '`""`', none: 'the C API only' },
  { slug: 'no-such-counting-figure', status: 400, group: 'library',
    meaning: 'An award names a counting figure other than 0 or 1.', pointer: '`""`', none: 'the C API only' },
  { slug: 'no-second-counting-figure', status: 422, group: 'library',
    meaning: 'An award names counting figure 1 in a game without Messages (one counting figure per player).', pointer: '`""`', none: 'the C API only' },
  { slug: 'no-start-tile', status: 422, group: 'library',
    meaning: '`cc_random_game` with a catalog that has no start tile.', pointer: '`""`', none: 'the C API only' },
  { slug: 'no-abbey-tile', status: 422, group: 'library',
    meaning: '`cc_random_game` with Abbey & Mayor and a catalog that has no abbey tile.', pointer: '`/expansions`', none: 'the C API only' },
  { slug: 'random-game-failed', status: 500, group: 'library',
    meaning: '`cc_random_game`: the engine refused a move the game generator offered (a bug).', pointer: '`""`', none: 'the C API only' },
  { slug: 'out-of-scope', status: 422, group: 'jcz',
    meaning: 'A saved game uses something this service does not play: a tile set, a figure, an element or a player count outside its expansions (the detail names it).',
    pointer: 'the member of the file at fault, e.g. `/setup/sets/corn-circles~12`', none: 'see docs/jcz.md for the saved-game format' },
  { slug: 'abbey-is-not-a-land-tile', status: 422, group: 'jcz',
    meaning: 'A saved game places the abbey where a land tile is expected (a start tile, or the pile).',
    pointer: 'the tile id in the file', none: 'see docs/jcz.md for the saved-game format' },
  { slug: 'tile-set-not-in-play', status: 422, group: 'jcz',
    meaning: 'A saved game names a tile of a set its `setup.sets` does not list.',
    pointer: 'the tile id in the file', none: 'see docs/jcz.md for the saved-game format' },
  { slug: 'unknown-rule', status: 422, group: 'jcz',
    meaning: 'A key of `setup.rules` the apps do not know.',
    pointer: '`/setup/rules/<key>`', none: 'see docs/jcz.md for the saved-game format' },
  { slug: 'unknown-rule-value', status: 422, group: 'jcz',
    meaning: 'A value of `setup.rules` other than the values the rule takes (the detail lists them).',
    pointer: '`/setup/rules/<key>`', none: 'see docs/jcz.md for the saved-game format' },
  { slug: 'misplaced-end', status: 422, group: 'jcz',
    meaning: '`"#END"` stands elsewhere than at the end of `gameAnnotations.drawOrder`.',
    pointer: 'the entry of `drawOrder`', none: 'see docs/jcz.md for the saved-game format' },
  { slug: 'random-number-missing', status: 422, group: 'jcz',
    meaning: 'A sheep draw of the replay (`SHEPHERD_CONFIRM`, `FLOCK_EXPAND_OR_SCORE`) without the `random` number that says which token came out.',
    pointer: '`/replay/<i>/payload/random`', none: 'see docs/jcz.md for the saved-game format' },
  { slug: 'message-out-of-order', status: 422, group: 'jcz',
    meaning: "A replay message the game's phase does not expect there (a missing or extra `COMMIT` or `PASS`, a tile before the previous turn ended).",
    pointer: '`/replay/<i>/type`', none: 'see docs/jcz.md for the saved-game format' },
  { slug: 'no-such-feature', status: 422, group: 'jcz',
    meaning: "A replay's deployment points at a location of the placed tile that holds no feature.",
    pointer: '`/replay/<i>/payload/pointer/location`', none: 'see docs/jcz.md for the saved-game format' },
  { slug: 'unknown-location', status: 422, group: 'jcz',
    meaning: 'A location name the apps do not use.',
    pointer: 'the location in the file', none: 'see docs/jcz.md for the saved-game format' },
  { slug: 'sheep-bag-empty', status: 422, group: 'jcz',
    meaning: 'A sheep draw when the bag holds no token.',
    pointer: '`/replay/<i>/payload/random`', none: 'see docs/jcz.md for the saved-game format' },
  { slug: 'not-the-active-player-s-figure', status: 422, group: 'jcz',
    meaning: 'A replay message moves or deploys a figure of another player than the one whose turn it is.',
    pointer: '`/replay/<i>/payload/meepleId`', none: 'see docs/jcz.md for the saved-game format' },
  { slug: 'shepherd-s-draw-missing', status: 422, group: 'jcz',
    meaning: 'A shepherd deployed or grown in the replay without the draw that follows it.',
    pointer: 'the replay message', none: 'see docs/jcz.md for the saved-game format' },
  { slug: 'move-against-the-rules', status: 422, group: 'jcz',
    meaning: 'A move of the saved game (import) or of the moves to export, or an earlier wagon move sent to `/v1/wagon-moves` (`wagons`), that the rules forbid: the detail says why, as `/v1/turn` would (for a saved game, with the rule).',
    pointer: 'the replay message or move at fault', none: 'see docs/jcz.md for the saved-game format' },
  { slug: 'not-in-a-saved-game', status: 422, group: 'jcz',
    meaning: '`/v1/export/jcz`: the position holds something a saved game of the apps cannot say (the detail says what).',
    pointer: 'the member of the position', none: 'see docs/jcz.md for the saved-game format' },
  { slug: 'token-not-in-the-bag', status: 422, group: 'jcz',
    meaning: '`/v1/export/jcz`: a sheep token the bag no longer holds.',
    pointer: '`/deploy/token` or `/shepherd/token`', none: 'see docs/jcz.md for the saved-game format' },
  { slug: 'not-a-tile-of-the-pile', status: 422, group: 'jcz',
    meaning: "`/v1/export/jcz`: a move places a tile the sets' pile does not hold any more.",
    pointer: '`""`', none: 'see docs/jcz.md for the saved-game format' },
  { slug: 'replay-disagrees-with-draworder', status: 422, group: 'jcz',
    meaning: 'The replay places another tile than `gameAnnotations.drawOrder` draws at that point, although the drawn one could be placed.',
    pointer: '`/replay/<i>/payload/tileId`', none: 'see docs/jcz.md for the saved-game format' },
  { slug: 'no-such-turn', status: 422, group: 'jcz',
    meaning: '`POST /v1/import/jcz?turn=N` with `N` past the turns the saved game holds (the detail gives the range).',
    pointer: '`""`', none: 'see docs/jcz.md for the saved-game format' },
];

const GROUPS = [
  ['request', '400: the request is not what the route reads'],
  ['route', 'Routes, methods and limits'],
  ['position', '422: the position is impossible'],
  ['question', '422: the question does not fit the position'],
  ['service', '503 and 500: the service ran short, or failed'],
  ['http', 'The HTTP server: framing, deadlines and limits (the connection is closed after these)'],
  ['jcz', 'Saved games: POST /v1/import/jcz and /v1/export/jcz'],
  ['library', 'Reported only through the C API (libcarcassonne-rules)'],
];

const failures = [];

function ask(bin, ex) {
  const method = ex.method ?? 'POST';
  const args = ['ask', ...(ex.headers ?? []).flatMap((h) => ['-H', h]), method, ex.path];
  const input = ex.body === undefined ? '' : typeof ex.body === 'string' ? ex.body : JSON.stringify(ex.body);
  const r = spawnSync(bin, args, { input, encoding: 'utf8', maxBuffer: 8 << 20 });
  if (r.status !== 1)
    failures.push(`${method} ${ex.path}: exit ${r.status} (expected a problem): ${r.stdout}${r.stderr}`);
  return { method, input, answer: r.stdout.trim() };
}

function render(bin) {
  const out = [];
  out.push('# Problem types: every error the service answers, with a real example', '');
  out.push('<!-- GENERATED by tools/problems-doc.mjs from the answers of the service itself;',
    '     do not edit by hand: edit the tool, then `make problems-doc`. -->', '');
  out.push('Every error is `application/problem+json` (RFC 9457) with exactly five members:', '');
  out.push('| member | what it holds |', '| --- | --- |');
  out.push(`| \`type\` | \`${BASE}\` followed by the slug of the kind of problem (the headings below). Stable across releases: compare \`type\`, never \`title\` or \`detail\`. The service itself serves this page's section for each type at \`GET /problems/{slug}\`, so the \`type\` URI resolves on the service's public host, and on any host with the host replaced |`);
  out.push('| `title` | a short phrase, the same for every problem of the type |');
  out.push('| `status` | the HTTP status, the same as the response\'s |');
  out.push('| `detail` | one or two sentences about this request: what is wrong and, where it helps, what would be right |');
  out.push('| `pointer` | a JSON Pointer (RFC 6901) to the member of the request body at fault, `""` for the whole body, the path or a query parameter |');
  out.push('| `parameter` | only when a query parameter is at fault (`lang`, `width`, `turn`): its name |');
  out.push('');
  out.push('The examples below are the service\'s answers to the requests shown (`carcassonne-rules ask',
    'METHOD PATH` with the body on stdin, or the same request over HTTP). The position notation:',
    '[notation.md](notation.md).', '');
  for (const [g, heading] of GROUPS) {
    out.push(`## ${heading}`, '');
    for (const t of TYPES.filter((x) => x.group === g)) {
      const statuses = [].concat(t.status).map((s) => `\`${s}\``).join(' or ');
      out.push(`### ${t.slug}`, '');
      out.push(`\`type\`: \`${BASE}${t.slug}\` · status ${statuses} · \`pointer\`: ${t.pointer}`, '');
      out.push(t.meaning, '');
      if (t.none) {
        out.push(`No example here: ${t.none}.`, '');
        continue;
      }
      const r = ask(bin, t.example);
      let got = {};
      try { got = JSON.parse(r.answer); } catch { /* reported below */ }
      if (got.type !== BASE + t.slug)
        failures.push(`the example of ${t.slug} answers ${r.answer.slice(0, 400)}`);
      const shown = t.example.show ?? (r.input === '' ? '' : r.input);
      const headers = (t.example.headers ?? []).map((h) => '\n' + h).join('');
      out.push('```', `${r.method} ${t.example.path}${headers}${shown ? '\n' + shown : ''}`, '```', '');
      out.push('```json', r.answer, '```', '');
    }
  }
  return out.join('\n');
}

const [bin, mode] = process.argv.slice(2);
if (!bin) {
  console.error('usage: node tools/problems-doc.mjs BINARY [--check]');
  process.exit(2);
}
const page = render(bin);
if (failures.length) {
  for (const f of failures) console.error(f);
  console.error(`${failures.length} example(s) do not answer their problem type`);
  process.exit(1);
}
if (mode === '--check') {
  let old = '';
  try { old = readFileSync(PAGE, 'utf8'); } catch { /* missing: stale */ }
  if (old !== page) {
    console.error('docs/problems.md is stale: run `make problems-doc` and commit it');
    process.exit(1);
  }
  console.log(`docs/problems.md: ${TYPES.length} problem types, every example answered as shown`);
} else {
  writeFileSync(PAGE, page);
  console.log(`wrote docs/problems.md (${TYPES.length} problem types)`);
}
export { TYPES };
