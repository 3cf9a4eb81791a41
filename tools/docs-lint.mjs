#!/usr/bin/env node
// tools/docs-lint.mjs -- the repository documents itself: a check for make test.
//
// Owns three rules, each a failure with file and line:
//   1. No file of the repository sends a reader to a folder a clone does not
//      have: no "../shared", "shared/rules", "shared/reference", no
//      "api-contract.md", no "shared folder" (code comments included).
//   2. In the markdown files, a link that leaves the repository goes to a public
//      page: an http(s) URL whose host is a public name (not localhost, a
//      loopback or private address, nor a reserved name such as *.example,
//      *.local, *.internal, *.test), and nothing else (file:, absolute paths).
//   3. In the markdown files, a relative link names a file of the repository
//      (not outside it), and its #anchor exists in that file: an
//      <a id="..."> or a heading (GitHub's heading ids: lower case, spaces to
//      '-', punctuation dropped).
// Links are [text](target), <https://...> and bare http(s) URLs; text in code
// spans and fenced blocks is not a link.
//
//   node tools/docs-lint.mjs          (from anywhere; checks the repository)
// Runs on Node 18, no packages.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

// Generated or vendored files the rules do not apply to.
const SKIP = [/^openapi\/docs\.html$/, /^fuzz\/corpus\//, /^fuzz\/regressions\//, /^package-lock\.json$/,
  /^tests\/golden\//, /\.(png|jpg|ico|db|mo)$/];
const SHARED = /\.\.\/shared\b|\bshared\/(rules|reference)\b|api-contract\.md|shared folder|\/work\/shared|\b(abbey-and-mayor|heretics-and-shrines-1st-edition|hills-and-sheep\.(cs|fr)-page|messages-1st-edition)\.txt\b/i;
const PRIVATE_HOST = /^(localhost|.*\.localhost|127\.\d+\.\d+\.\d+|0\.0\.0\.0|10\.\d+\.\d+\.\d+|192\.168\.\d+\.\d+|172\.(1[6-9]|2\d|3[01])\.\d+\.\d+|\[?::1\]?|.*\.(example|local|internal|test|invalid|lan|corp|home))$/i;

function repoFiles() {
  try {
    return execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' })
      .split('\n').filter(Boolean);
  } catch {
    throw new Error('docs-lint needs a git checkout (git ls-files)');
  }
}

const problems = [];
const fail = (file, line, what) => problems.push(`${file}:${line}: ${what}`);

// GitHub's id for a heading: lower case, drop what is not a letter, digit,
// space, '-' or '_', spaces to '-'.
function slug(heading) {
  return heading.trim().toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

const anchorCache = new Map();
function anchorsOf(file) {
  if (anchorCache.has(file)) return anchorCache.get(file);
  const ids = new Set();
  const text = readFileSync(join(ROOT, file), 'utf8');
  for (const m of text.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) ids.add(m[1]);
  let fenced = false;
  const seen = new Map();
  for (const line of text.split('\n')) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    const h = !fenced && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!h) continue;
    const base = slug(h[1]);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    ids.add(n ? `${base}-${n}` : base);
  }
  anchorCache.set(file, ids);
  return ids;
}

// The lines of a markdown file with code (fenced blocks, `spans`) blanked,
// so a URL in an example is not taken for a link.
function proseLines(text) {
  let fenced = false;
  return text.split('\n').map((line) => {
    if (/^\s*```/.test(line)) {
      fenced = !fenced;
      return '';
    }
    return fenced ? '' : line.replace(/`[^`]*`/g, '``');
  });
}

function checkUrl(file, n, url) {
  let u;
  try {
    u = new URL(url);
  } catch {
    return fail(file, n, `not a valid URL: ${url}`);
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:')
    return fail(file, n, `a link that is not a public web page: ${url}`);
  if (PRIVATE_HOST.test(u.hostname) || !u.hostname.includes('.'))
    return fail(file, n, `a link to a host that is not public: ${url}`);
}

function checkRelative(file, n, target) {
  const [path, anchor] = target.split('#', 2);
  let dest = file;
  if (path !== '') {
    if (path.startsWith('/')) return fail(file, n, `an absolute path is no link in a clone: ${target}`);
    const abs = resolve(ROOT, dirname(file), decodeURIComponent(path));
    const rel = relative(ROOT, abs);
    if (rel.startsWith('..')) return fail(file, n, `a link out of the repository: ${target}`);
    if (!existsSync(abs)) return fail(file, n, `a dead link: ${target} (no ${rel})`);
    dest = rel;
    if (statSync(abs).isDirectory()) return anchor ? fail(file, n, `an anchor on a folder: ${target}`) : undefined;
  }
  if (anchor !== undefined && anchor !== '') {
    if (!dest.endsWith('.md')) return;
    if (!anchorsOf(dest).has(anchor)) fail(file, n, `no anchor #${anchor} in ${dest}`);
  }
}

function checkMarkdown(file, text) {
  proseLines(text).forEach((line, i) => {
    const n = i + 1;
    const links = [];
    for (const m of line.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) links.push(m[1]);
    for (const m of line.matchAll(/<(https?:\/\/[^>\s]+)>/g)) links.push(m[1]);
    for (const m of line.matchAll(/<a\s+href="([^"]+)"/g)) links.push(m[1]);
    // Bare URLs that are not already inside one of the above.
    const rest = line.replace(/\]\([^)]*\)|<[^>]*>/g, '');
    for (const m of rest.matchAll(/\bhttps?:\/\/[^\s)>\]|,;]*[^\s)>\]|,;.:]/g)) links.push(m[0]);
    for (const target of links) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) checkUrl(file, n, target);
      else checkRelative(file, n, target);
    }
  });
}

const files = repoFiles().filter((f) => !SKIP.some((re) => re.test(f)) && existsSync(join(ROOT, f)));
let markdown = 0;
for (const file of files) {
  const text = readFileSync(join(ROOT, file), 'utf8');
  if (text.includes('\0')) continue;
  if (file !== 'tools/docs-lint.mjs')
    text.split('\n').forEach((line, i) => {
      const m = SHARED.exec(line);
      if (m) fail(file, i + 1, `points to a folder outside the repository ("${m[0]}"): say it in the repository's own words`);
    });
  if (file.endsWith('.md')) {
    markdown++;
    checkMarkdown(file, text);
  }
}
if (problems.length) {
  for (const p of problems) console.error(p);
  console.error(`docs-lint: ${problems.length} problem(s)`);
  process.exit(1);
}
console.log(`docs-lint: ${files.length} files, ${markdown} markdown, no link out of the repository but to public pages, no dead link`);
