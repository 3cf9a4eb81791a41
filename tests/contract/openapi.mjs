// tests/contract/openapi.mjs -- checks a live response against openapi/openapi.yaml.
//
// Owns: loading the OpenAPI 3.1 document into Ajv (JSON Schema 2020-12, the
// dialect OpenAPI 3.1 uses) and `checkResponse()`, which finds the operation
// a (method, path) maps to, the response documented for the status, the
// media type, and validates the body against its schema. Anything the
// document does not describe (an undocumented route, status or content
// type) is a failure too: the document is the contract clients code against.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import YAML from 'yaml';

const here = path.dirname(fileURLToPath(import.meta.url));
export const root = path.resolve(here, '..', '..');
export const docPath = path.join(root, 'openapi', 'openapi.yaml');
const DOC_ID = 'https://carcassonne-rules.invalid/openapi.json';

export function loadDocument(file = docPath) {
  return YAML.parse(readFileSync(file, 'utf8'));
}

// JSON Pointer escaping (RFC 6901) of one reference token.
const esc = (s) => String(s).replace(/~/g, '~0').replace(/\//g, '~1');

// "/v1/tiles/{id}" -> /^\/v1\/tiles\/[^/]+$/ ; exact paths win over templates.
function matchPath(doc, urlPath) {
  const p = urlPath.split('?')[0];
  if (doc.paths[p]) return p;
  for (const template of Object.keys(doc.paths)) {
    if (!template.includes('{')) continue;
    const re = new RegExp('^' + template.replace(/[.*+?^$()|[\]\\]/g, '\\$&')
      .replace(/\\?\{[^}]+\\?\}/g, '[^/]+') + '$');
    if (re.test(p)) return template;
  }
  return null;
}

// The documented response for a status: exact, then "4XX", then "default".
function pickStatus(responses, status) {
  const s = String(status);
  if (responses[s]) return s;
  const range = `${s[0]}XX`;
  if (responses[range]) return range;
  if (responses.default) return 'default';
  return null;
}

export function makeChecker(doc = loadDocument()) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  addFormats(ajv);
  ajv.addSchema({ ...doc, $id: DOC_ID });
  const cache = new Map();

  // resolve a $ref'd response object (components/responses).
  const deref = (obj) => {
    while (obj && obj.$ref) {
      const parts = obj.$ref.replace(/^#\//, '').split('/').map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
      obj = parts.reduce((o, k) => o?.[k], doc);
    }
    return obj;
  };

  function validateAt(ref, where, mediaType, body) {
    let validate = cache.get(ref);
    if (!validate) {
      validate = ajv.compile({ $ref: DOC_ID + ref });
      cache.set(ref, validate);
    }
    let data = body;
    if (/json/.test(mediaType)) {
      try { data = JSON.parse(body); } catch (e) { throw new Error(`${where}: body is not JSON: ${e.message}`); }
    }
    if (!validate(data)) {
      const errs = validate.errors.slice(0, 8).map((e) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`).join('\n  ');
      throw new Error(`${where}: body does not match ${ref}:\n  ${errs}\n  body: ${String(body).slice(0, 400)}`);
    }
    return ref;
  }

  // A response of components/responses, by name.
  function checkShared(name, where, contentType, body) {
    const response = doc.components?.responses?.[name];
    if (!response) throw new Error(`${where}: the document has no components/responses/${name}`);
    const mediaType = (contentType ?? '').split(';')[0].trim();
    const media = response.content?.[mediaType];
    if (!media) throw new Error(`${where}: content type "${mediaType}" not documented for ${name}`);
    return validateAt(`#/components/responses/${esc(name)}/content/${esc(mediaType)}/schema`, where, mediaType, body);
  }

  // Throws an Error naming what does not match; returns the pointer checked.
  function checkResponse({ method, path: urlPath, status, contentType, body }) {
    const where = `${method} ${urlPath} -> ${status}`;
    // CORS preflights are the HTTP layer's, not the API's: 204, no body.
    if (method === 'OPTIONS') {
      if (status !== 204 || (body && body.length > 0)) throw new Error(`${where}: a preflight answers 204 without a body`);
      return 'preflight';
    }
    const template = matchPath(doc, urlPath);
    // A path the document cannot list (any unknown path) may only be a 404,
    // and a method a path does not have only a 405; both as the shared
    // responses of components/responses describe them.
    if (!template) {
      if (status !== 404) throw new Error(`${where}: path not in the OpenAPI document`);
      return checkShared('NotFound', where, contentType, body);
    }
    const op = doc.paths[template][method.toLowerCase()];
    if (!op) {
      if (status !== 405) throw new Error(`${where}: method not documented for ${template}`);
      return checkShared('MethodNotAllowed', where, contentType, body);
    }
    const key = pickStatus(op.responses ?? {}, status);
    if (!key) throw new Error(`${where}: status not documented (has ${Object.keys(op.responses ?? {}).join(', ')})`);
    const response = deref(op.responses[key]);
    const content = response.content;
    if (!content) {
      if (body && body.length > 0)
        throw new Error(`${where}: a body was sent but the document describes none`);
      return `${template} ${key}`;
    }
    const mediaType = (contentType ?? '').split(';')[0].trim();
    const media = content[mediaType];
    if (!media) throw new Error(`${where}: content type "${mediaType}" not documented (has ${Object.keys(content).join(', ')})`);
    if (!media.schema) return `${template} ${key} ${mediaType}`;
    // The schema's JSON Pointer: inline, or inside a shared response.
    const ref = op.responses[key].$ref
      ? `${op.responses[key].$ref}/content/${esc(mediaType)}/schema`
      : `#/paths/${esc(template)}/${method.toLowerCase()}/responses/${esc(key)}/content/${esc(mediaType)}/schema`;
    return validateAt(ref, where, mediaType, body);
  }
  return { doc, checkResponse };
}
