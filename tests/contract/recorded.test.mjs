// tests/contract/recorded.test.mjs -- every response the end-to-end tests saw,
// validated against openapi/openapi.yaml.
//
// tests/e2e.sh records each response when $E2E_RECORD names a directory:
// NNNN.meta (method, path, status, content type: one per line) and
// NNNN.body. `make contract-e2e` runs the e2e script that way and then this
// file. Without $E2E_RECORD there is nothing to check and the file reports
// so (a skip, not a pass).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { makeChecker } from './openapi.mjs';

const dir = process.env.E2E_RECORD;

test('every recorded e2e response matches the OpenAPI document', { skip: !dir && 'E2E_RECORD not set' }, () => {
  assert.ok(existsSync(dir), `${dir} does not exist`);
  const { checkResponse } = makeChecker();
  const metas = readdirSync(dir).filter((f) => f.endsWith('.meta')).sort();
  assert.ok(metas.length > 0, `no recorded responses in ${dir}`);
  const failures = [];
  for (const m of metas) {
    const [method, urlPath, status, contentType] = readFileSync(path.join(dir, m), 'utf8').split('\n');
    const body = readFileSync(path.join(dir, m.replace(/\.meta$/, '.body')), 'utf8');
    try {
      checkResponse({ method, path: urlPath, status: Number(status), contentType, body });
    } catch (e) {
      failures.push(`${m}: ${e.message}`);
    }
  }
  assert.deepEqual(failures, [], `${failures.length} of ${metas.length} responses do not match:\n${failures.join('\n')}`);
});
