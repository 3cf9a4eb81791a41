// docs-inline.mjs -- make openapi/docs.html self-contained.
//
// `redocly build-docs` (1.34, the last release that runs on Node 18) writes
// a page that loads Redoc's script from a CDN. /docs must work with no
// network (behind a firewall, in the offline docs check), so this replaces
// that one <script src> with the same script inlined from the installed
// redoc package, after checking that the versions agree.
//
// Usage: node tools/docs-inline.mjs openapi/docs.html
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const file = process.argv[2];
const html = readFileSync(file, 'utf8');
const tag = /<script src="https:\/\/cdn\.redocly\.com\/redoc\/v([0-9.]+)\/bundles\/redoc\.standalone\.js"><\/script>/;
const m = html.match(tag);
if (!m) {
  console.error(`${file}: no CDN script tag to inline (already self-contained?)`);
  process.exit(1);
}
const version = require('redoc/package.json').version;
if (version !== m[1]) {
  console.error(`${file}: the page wants redoc ${m[1]}, node_modules has ${version}`);
  process.exit(1);
}
const script = readFileSync(require.resolve('redoc/bundles/redoc.standalone.js'), 'utf8');
if (script.includes('</script')) {
  console.error('redoc.standalone.js holds "</script": cannot inline it');
  process.exit(1);
}
const out = html.replace(tag, () => `<script>${script}</script>`);
if (/https:\/\/(cdn\.|fonts\.)/.test(out.replace(/<script>[\s\S]*?<\/script>/g, ''))) {
  console.error(`${file}: still refers to a CDN or web fonts`);
  process.exit(1);
}
writeFileSync(file, out);
console.log(`${file}: redoc ${version} inlined (${Math.round(out.length / 1024)} KiB)`);
