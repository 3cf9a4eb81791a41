// tools/gen-mcp-tools.mjs -- the MCP tools, generated from openapi/openapi.yaml.
//
// Usage: node tools/gen-mcp-tools.mjs          write service/mcp/tools.json
//        node tools/gen-mcp-tools.mjs --check  exit 1 if that file is stale
//
// Why: every MCP tool is one route of the service (service/mcp/ calls the
// same dispatcher), so its input and output schemas come from the route's
// request body and 200 answer as the OpenAPI document states them: one
// source of truth. An operation becomes a tool when it carries
// `x-mcp-tool: {name, title, description, picture, example[, arguments]
// [, result]}`. A definition is read by a model before its first question,
// so it is kept lean (issue 32: 134 KB for the 12 tools before, at most
// 25 KB now, measured by tests/service/mcp and tests/contract):
//   - inputSchema: the shape of the request body (types, properties,
//     required, items, enums, constants, alternatives; every $ref inlined),
//     the path parameters (`n`, `id`) added first with their bounds, the
//     top-level arguments' descriptions (x-mcp-tool.arguments overrides a
//     description written for HTTP), `picture` for the tools that draw one,
//     and the worked example as `examples` (a contract test calls each);
//   - outputSchema: the 200 answer's top-level members and their types
//     (x-mcp-tool.result adds the members of a result the route answers
//     otherwise: validate_position's valid: false), so every answer is
//     valid against it;
//   - description: x-mcp-tool.description, a few sentences for a model;
//     service/mcp/catalog.c adds the sentences every tool shares (the
//     notation guide; the picture on request), in each language;
//   - no text a model reads may name an HTTP route, method or status code
//     (the generator refuses one): a model can call tools, not routes;
//   - annotations: every route of this service reads its question and
//     changes nothing (stateless): read-only, closed world;
//   - route, picture, impossible: what the C side needs (not part of the
//     tool).
// The output is committed, so building the binary needs no Node; `make
// test` runs --check and fails when the file is stale (make mcp-tools
// regenerates it).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import YAML from 'yaml';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const docFile = path.join(root, 'openapi', 'openapi.yaml');
const outFile = path.join(root, 'service', 'mcp', 'tools.json');

const COMPONENT = '#/components/schemas/';

// A top-level '$ref' replaced by the component itself.
function inlineTop(schema, components) {
  if (schema && schema.$ref && schema.$ref.startsWith(COMPONENT)) {
    const { $ref, ...rest } = schema;
    return { ...components[$ref.slice(COMPONENT.length)], ...rest };
  }
  return schema;
}

function inputSchema(op, components) {
  const body = inlineTop(op.requestBody?.content?.['application/json']?.schema, components)
    ?? { type: 'object', additionalProperties: false, properties: {} };
  const params = (op.parameters ?? []).filter((p) => p.in === 'path');
  const props = {};
  for (const p of params) props[p.name] = { description: p.description, ...p.schema };
  return {
    ...body,
    type: 'object',
    properties: { ...props, ...body.properties },
    required: [...params.map((p) => p.name), ...(body.required ?? [])],
  };
}

// ---- the lean schemas a model reads -------------------------------------------
//
// A tool definition is read by the model before its first question, in
// every conversation: its cost is paid again and again. The route's
// schemas in full (descriptions, bounds, patterns, the position repeated in
// ten tools) came to 134 KB. A model needs their shape, not the server's
// checks: the server checks every argument anyway and answers the member at
// fault. So the input schema keeps the structure (types, properties,
// required, items, enums, constants, alternatives) with every $ref inlined,
// and the descriptions of the top-level arguments only; the output schema
// keeps the answer's top-level members and their types (every answer still
// validates against it). What the bounds and descriptions said is said once,
// in the notation guide (service/mcp/notation.md, the resource
// carcassonne-rules://guide/notation), to which every description points.

const KEEP = new Set(['type', 'properties', 'required', 'items', 'enum', 'const', 'oneOf',
  'anyOf', 'prefixItems']);

// schema with $refs resolved and only the structural keywords kept.
function lean(schema, components, depth = 0) {
  if (depth > 16) throw new Error('schema nested too deep (a recursive $ref?)');
  if (Array.isArray(schema)) return schema.map((s) => lean(s, components, depth + 1));
  if (schema === null || typeof schema !== 'object') return schema;
  if (schema.$ref) return lean(resolve(schema.$ref, components), components, depth + 1);
  // Settings (an object of optional members, below the top level: the
  // position's options) are the guide's to explain: an object is enough.
  if (depth > 1 && schema.type === 'object' && schema.properties && !schema.required)
    return { type: 'object' };
  const out = {};
  for (const [key, value] of Object.entries(schema)) {
    if (!KEEP.has(key) || (key === 'type' && schema.enum)) continue;   // an enum says its type
    if (key === 'properties')
      out[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, lean(v, components, depth + 1)]));
    else if (key === 'items' || key === 'oneOf' || key === 'anyOf' || key === 'prefixItems')
      out[key] = lean(value, components, depth + 1);
    else
      out[key] = value;
  }
  // An optional member that leans to a bare object (the position's options,
  // supply, sets, scores, abbeys) tells a model only that it exists, which
  // the guide says with what goes in it: it is left out (every member stays
  // allowed, as no schema here closes its properties). Measured: 1.1 KB of
  // the ten position-taking tools, which kept French and German within the
  // 25 KB once the position gained supply and sets. An optional boolean
  // below the top level (the position's builder_turn) says no more than
  // that, and goes too: 330 bytes of the ten tools, which kept Russian
  // within the 25 KB once Traders & Builders came.
  if (out.properties) {
    const required = new Set(out.required ?? []);
    for (const [k, p] of Object.entries(out.properties))
      if (!required.has(k) && Object.keys(p).length === 1 &&
          (p.type === 'object' || (depth >= 1 && p.type === 'boolean')))
        delete out.properties[k];
  }
  // Deep inside (a tile or a figure of the position), a required member of
  // a plain type is said by `required` and the example: only members with
  // a choice of values (an enum) or optional ones keep their schema.
  if (depth >= 2 && out.properties && out.required) {
    for (const k of out.required) {
      const p = out.properties[k];
      if (p && Object.keys(p).length === 1 && p.type) delete out.properties[k];
    }
  }
  return out;
}

function resolve(ref, components) {
  if (!ref.startsWith(COMPONENT)) throw new Error(`unsupported $ref ${ref}`);
  const s = components[ref.slice(COMPONENT.length)];
  if (!s) throw new Error(`no component schema ${ref}`);
  return s;
}

// Texts a model reads must name tools and resources, never the HTTP side
// it cannot call: no route, no method, no status code.
const HTTP = /\/v1\/|\b(GET|POST) \/|`[1-5][0-9][0-9]`|\([1-5][0-9][0-9]\)|\b[45][0-9][0-9] at\b/;
function modelText(text, where) {
  if (HTTP.test(text)) throw new Error(`${where}: names the HTTP side (${text.match(HTTP)[0]}): ${text}`);
  return text;
}

const PICTURE = 'true: add a PNG of the board, the answer highlighted (25-60 KB).';

function leanInput(op, meta, name, components) {
  const full = inputSchema(op, components);
  const props = {};
  for (const [k, v] of Object.entries(full.properties)) {
    const l = lean(v, components);
    const said = meta.arguments?.[k] ?? v.description ?? (v.$ref ? undefined : undefined);
    if (said && !HTTP.test(said)) l.description = said.trim().replace(/\s+/g, ' ');
    else if (said && !meta.arguments?.[k]) { /* the HTTP side's words: left out */ }
    if (l.description) modelText(l.description, `${name}.${k}`);
    // A path parameter's bounds stay: the server moves it into the route's
    // path and checks them itself (service/mcp/catalog.c reads them).
    const inPath = (op.parameters ?? []).some((p) => p.in === 'path' && p.name === k);
    for (const b of ['minimum', 'maximum']) if (inPath && v[b] !== undefined) l[b] = v[b];
    props[k] = l;
  }
  if (meta.picture) props.picture = { type: 'boolean', description: PICTURE };
  // The worked example: arguments that answer (tests/contract/mcp.test.mjs
  // calls each), where a model looks for them, unescaped.
  return { type: 'object', properties: props, required: full.required, examples: [meta.example] };
}

function leanOutput(op, meta, where, components) {
  const schema = op.responses?.['200']?.content?.['application/json']?.schema;
  if (!schema) throw new Error(`${where}: no application/json 200 answer`);
  const top = schema.$ref ? resolve(schema.$ref, components) : schema;
  const props = {};
  for (const [k, v] of Object.entries(top.properties ?? {})) {
    const s = v.$ref ? resolve(v.$ref, components) : v;
    props[k] = s.type ? { type: s.type } : {};
  }
  const out = { type: 'object', properties: props };
  if (meta.result) {
    for (const [k, v] of Object.entries(meta.result.properties ?? {})) props[k] = lean(v, components);
    for (const v of Object.values(props)) for (const d of Object.values(v.items?.properties ?? {}))
      if (d.description) modelText(d.description, where);
    out.required = meta.result.required;
  } else if (top.required) {
    out.required = top.required;
  }
  return out;
}

export function generate(doc) {
  const components = doc.components?.schemas ?? {};
  const tools = [];
  const names = new Set();
  for (const [route, item] of Object.entries(doc.paths)) {
    for (const method of ['get', 'post']) {
      const op = item[method];
      const meta = op?.['x-mcp-tool'];
      if (!meta) continue;
      const where = `${method.toUpperCase()} ${route}`;
      if (!/^[a-z][a-z0-9_]{0,63}$/.test(meta.name ?? '')) throw new Error(`${where}: bad tool name`);
      if (names.has(meta.name)) throw new Error(`${where}: tool ${meta.name} twice`);
      if (!meta.description || !meta.example) throw new Error(`${where}: x-mcp-tool needs a description and an example`);
      if (typeof meta.picture !== 'boolean') throw new Error(`${where}: x-mcp-tool.picture is true or false`);
      names.add(meta.name);
      tools.push({
        route: { method: method.toUpperCase(), path: route },
        picture: meta.picture,
        impossible: Boolean(meta.result),   // an impossible position is a result (valid: false)
        example: meta.example,
        tool: {
          name: meta.name,
          title: meta.title,
          description: modelText(meta.description.trim(), meta.name),
          inputSchema: leanInput(op, meta, meta.name, components),
          outputSchema: leanOutput(op, meta, where, components),
          // Read-only (MCP: destructiveHint and idempotentHint then mean
          // nothing, so they are not said), and a closed world.
          annotations: { readOnlyHint: true, openWorldHint: false },
        },
      });
    }
  }
  return {
    generated: 'by tools/gen-mcp-tools.mjs from openapi/openapi.yaml; do not edit (make mcp-tools)',
    version: doc.info.version,
    tools,
  };
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const text = JSON.stringify(generate(YAML.parse(readFileSync(docFile, 'utf8'))), null, 1) + '\n';
  if (process.argv.includes('--check')) {
    let old = '';
    try { old = readFileSync(outFile, 'utf8'); } catch { /* missing: stale */ }
    if (old !== text) {
      console.error(`${path.relative(root, outFile)} is stale: openapi/openapi.yaml changed; run make mcp-tools and commit the result`);
      process.exit(1);
    }
  } else {
    writeFileSync(outFile, text);
  }
}
