// tests/contract/fixtures.mjs -- request bodies the contract tests send.
//
// Small positions built by hand from the tile catalog (GET /v1/tiles; edges N E S W):
//   base.D CRFR at (0,0); base.U FRFR at (1,0) continues D's east road;
//   base.E CFFF turned 180 at (0,-1) closes D's city (a 2-tile city).
// Larger generated positions, when present, come from bench/bodies/.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './openapi.mjs';

export const small = {
  expansions: [],
  players: ['red', 'blue'],
  tiles: [
    { tile: 'base.D', x: 0, y: 0, rot: 0 },
    { tile: 'base.U', x: 1, y: 0, rot: 0 },
    { tile: 'base.E', x: 0, y: -1, rot: 180 },
  ],
  figures: [
    { player: 'red', kind: 'meeple', x: 0, y: 0, at: 'N' },
    { player: 'blue', kind: 'meeple', x: 1, y: 0, at: 'E' },
  ],
};

// Hills & Sheep / Abbey & Mayor on: a barn corner and a wagon to move.
export const expansionsPosition = {
  expansions: ['abbey-mayor', 'hills-sheep'],
  players: ['red', 'blue'],
  tiles: [
    { tile: 'base.D', x: 0, y: 0, rot: 0 },
    { tile: 'base.U', x: 1, y: 0, rot: 0 },
    { tile: 'base.E', x: 0, y: -1, rot: 180 },
    { tile: 'base.B', x: 0, y: 1, rot: 0 },
    { tile: 'base.B', x: 1, y: 1, rot: 0 },
  ],
  figures: [
    { player: 'red', kind: 'wagon', x: 0, y: 0, at: 'N' },
  ],
};

// The generated 100-tile bodies used by `make bench`, if they exist.
export function benchBody(name) {
  const f = path.join(root, 'bench', 'bodies', `${name}.json`);
  return existsSync(f) ? readFileSync(f, 'utf8') : null;
}
