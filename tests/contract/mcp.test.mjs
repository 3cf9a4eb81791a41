// tests/contract/mcp.test.mjs -- the MCP server, driven by the official
// TypeScript SDK client over both transports.
//
// For each transport (Streamable HTTP at POST /mcp, and stdio through
// `carcassonne-rules mcp`): initialize (both protocol versions), list the
// tools, resources, templates and prompts, read every kind of resource,
// get each prompt, and call every tool with good arguments (the
// structuredContent must validate against the tool's outputSchema with Ajv,
// and equal what the tool's route answers over plain HTTP; a PNG of the
// position for the tools about the board) and with a bad
// one (isError, the route's problem in words with its pointer). Protocol
// faults (unknown tool, unknown method, bad params) must be JSON-RPC errors.
// The notation guide's worked examples are run and checked here too, and
// so are the README's configuration snippets; then the transport and the
// envelope with plain HTTP (every answer checked against the OpenAPI
// document).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { McpError, ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makeChecker, root } from './openapi.mjs';
import { binary, startService } from './server.mjs';
import { small, expansionsPosition } from './fixtures.mjs';
import { guideExamples } from './mcp-guide.mjs';

let svc;
before(async () => { svc = await startService(); });
after(async () => { if (svc) await svc.stop(); });

const messagesPosition = { ...small, expansions: ['messages'] };

// Each tool: its route (to compare answers), good arguments, and a bad
// argument with the pointer its problem must name.
const TOOLS = {
  validate_position: {
    route: ['POST', '/v1/validate'], good: { position: small },
    bad: { position: { ...small, tiles: [{ tile: 'base.D', x: 0, y: 0, rot: 45 }] } },
    pointer: '/position/tiles/0/rot',
  },
  describe_position: {
    route: ['POST', '/v1/describe'], good: { position: expansionsPosition },
    bad: { position: small, colour: 'red' }, pointer: '/colour',
  },
  legal_placements: {
    route: ['POST', '/v1/placements'], good: { position: small, tile: 'base.V' },
    bad: { position: small, tile: 'base.nope' }, pointer: '/tile',
  },
  list_features: {
    route: ['POST', '/v1/features'], good: { position: small },
    bad: { position: small, x: 0, y: 0 }, pointer: '/at',
  },
  deployment_options: {
    route: ['POST', '/v1/deployments'], good: { position: { ...small, figures: [] }, x: 1, y: 0 },
    bad: { position: { ...small, figures: [] }, x: 5, y: 5 }, pointer: '/x',
  },
  wagon_moves: {
    route: ['POST', '/v1/wagon-moves'], good: { position: expansionsPosition, x: 0, y: 0, at: 'N' },
    bad: { position: expansionsPosition, x: 0, y: 0 }, pointer: '/at',
  },
  barn_check: {
    route: ['POST', '/v1/barn-check'], good: { position: expansionsPosition, x: 0, y: 0, at: 'SE' },
    bad: { position: expansionsPosition, x: 0, y: 0, at: 'Q' }, pointer: '/at',
  },
  score: {
    route: ['POST', '/v1/score'], good: { position: small, x: 0, y: -1 },
    bad: { position: small, x: 9, y: 9 }, pointer: '/x',
  },
  play_turn: {
    route: ['POST', '/v1/turn'], good: { position: small, tile: 'base.V', x: 2, y: 0, rot: 0 },
    bad: { position: small, tile: 'base.V', x: 2, y: 0, rot: 45 }, pointer: '/rot',
  },
  message_card: {
    route: ['POST', '/v1/messages/1', ({ n, ...body }) => body], good: { n: 1, position: messagesPosition },
    bad: { n: 9, position: messagesPosition }, pointer: '/n',
  },
  tile_facts: {
    route: ['GET', '/v1/tiles/BA%2FRCr'], good: { id: 'BA/RCr' },
    bad: { id: 'base.nope' }, pointer: '/id',
  },
  rule_statement: {
    route: ['GET', '/v1/rules/base.placement.edges'], good: { id: 'base.placement.edges' },
    bad: { id: 'no.such.rule' }, pointer: '/id',
  },
};

// Tools whose answer is not about a place on the board: no picture (the
// others draw one when the call says `picture: true`).
const NO_PICTURE = new Set(['message_card', 'tile_facts', 'rule_statement']);

async function routeAnswer([method, path, toBody], args) {
  const init = { method };
  if (method === 'POST') {
    init.body = JSON.stringify(toBody ? toBody(args) : args);
    init.headers = { 'content-type': 'application/json' };
  }
  const res = await fetch(svc.base + path, init);
  assert.equal(res.status, 200, `${method} ${path}: ${res.status}`);
  return res.json();
}

const transports = {
  http: () => new StreamableHTTPClientTransport(new URL(`${svc.base}/mcp`)),
  stdio: () => new StdioClientTransport({
    command: binary, args: ['mcp'], stderr: 'ignore',
    env: { ...process.env, ASAN_OPTIONS: process.env.ASAN_OPTIONS ?? 'detect_leaks=1' },
  }),
};

// resources/list comes in pages: follow nextCursor to the end.
async function allResources(client) {
  const all = [];
  let cursor;
  do {
    const page = await client.listResources(cursor ? { cursor } : {});
    all.push(...page.resources);
    cursor = page.nextCursor;
  } while (cursor);
  return all;
}

async function connect(kind) {
  const client = new Client({ name: 'carcassonne-rules-tests', version: '1.0.0' });
  await client.connect(transports[kind]());
  return client;
}

for (const kind of Object.keys(transports)) {
  test(`${kind}: initialize, list and read everything, call every tool`, async () => {
    const client = await connect(kind);
    try {
      const server = client.getServerVersion();
      assert.equal(server.name, 'carcassonne-rules');
      assert.match(client.getInstructions(), /carcassonne-rules:\/\/guide\/notation/);
      const caps = client.getServerCapabilities();
      assert.ok(caps.tools && caps.resources && caps.prompts);

      // Tools: every route the issue names, each with schemas that compile.
      const { tools } = await client.listTools();
      assert.deepEqual(tools.map((t) => t.name).sort(), Object.keys(TOOLS).sort());
      const ajv = new Ajv2020({ strict: false, allErrors: true });
      addFormats(ajv);
      for (const tool of tools) {
        assert.equal(tool.inputSchema.type, 'object', tool.name);
        assert.equal(tool.outputSchema.type, 'object', tool.name);
        assert.equal(tool.annotations.readOnlyHint, true, tool.name);
        const { route, good, bad, pointer } = TOOLS[tool.name];
        assert.ok(ajv.validate(tool.inputSchema, good), `${tool.name} good arguments fit inputSchema`);
        const validate = ajv.compile(tool.outputSchema);

        const ok = await client.callTool({ name: tool.name,
          arguments: NO_PICTURE.has(tool.name) ? good : { ...good, picture: true } });
        assert.notEqual(ok.isError, true, `${tool.name}: ${JSON.stringify(ok.content).slice(0, 300)}`);
        assert.ok(validate(ok.structuredContent),
          `${tool.name}: structuredContent does not match outputSchema: ${ajv.errorsText(validate.errors)}`);
        assert.deepEqual(ok.structuredContent, await routeAnswer(route, good), `${tool.name} = its route`);
        assert.equal(ok.content[0].type, 'text');
        assert.ok(ok.content[0].text.length > 20, `${tool.name}: sentences`);
        assert.deepEqual(JSON.parse(ok.content[1].text), ok.structuredContent);
        for (const id of ok.structuredContent.rules ?? [])
          assert.ok(ok.content[0].text.includes(`${id}: `), `${tool.name}: rule ${id} stated`);
        const images = ok.content.filter((c) => c.type === 'image');
        if (NO_PICTURE.has(tool.name)) {
          assert.equal(images.length, 0, `${tool.name}: no picture`);
        } else {
          assert.equal(images.length, 1, `${tool.name}: a picture`);
          assert.equal(images[0].mimeType, 'image/png');
          assert.deepEqual([...Buffer.from(images[0].data, 'base64').subarray(0, 8)],
            [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], `${tool.name}: a PNG`);
        }

        const no = await client.callTool({ name: tool.name, arguments: bad });
        assert.equal(no.isError, true, `${tool.name} bad arguments: ${JSON.stringify(no)}`);
        assert.ok(no.content[0].text.includes(`At fault: the argument ${pointer}.`),
          `${tool.name}: ${no.content[0].text}`);
      }

      // Resources: the guide, the catalogs, one resource per rule, templates.
      const resources = await allResources(client);
      const uris = resources.map((r) => r.uri);
      for (const u of ['carcassonne-rules://guide/notation', 'carcassonne-rules://rules',
        'carcassonne-rules://tiles', 'carcassonne-rules://rules/base.placement.edges'])
        assert.ok(uris.includes(u), u);
      const rules = await routeAnswer(['GET', '/v1/rules'], {});
      assert.equal(uris.filter((u) => u.startsWith('carcassonne-rules://rules/')).length, rules.rules.length);
      const guide = await client.readResource({ uri: 'carcassonne-rules://guide/notation' });
      assert.equal(guide.contents[0].mimeType, 'text/markdown');
      assert.match(guide.contents[0].text, /Common mistakes/);
      const tiles = await client.readResource({ uri: 'carcassonne-rules://tiles' });
      assert.deepEqual(JSON.parse(tiles.contents[0].text), await routeAnswer(['GET', '/v1/tiles'], {}));
      const one = await client.readResource({ uri: 'carcassonne-rules://tiles/BA%2FRCr' });
      assert.equal(JSON.parse(one.contents[0].text).id, 'base.D');
      const rule = await client.readResource({ uri: 'carcassonne-rules://rules/base.placement.edges' });
      assert.equal(JSON.parse(rule.contents[0].text).id, 'base.placement.edges');
      const { resourceTemplates } = await client.listResourceTemplates();
      assert.deepEqual(resourceTemplates.map((t) => t.uriTemplate).sort(),
        ['carcassonne-rules://rules/{id}', 'carcassonne-rules://tiles/{id}']);
      await assert.rejects(client.readResource({ uri: 'carcassonne-rules://tiles/base.nope' }),
        (e) => e instanceof McpError && e.code === -32002);

      // Prompts.
      const { prompts } = await client.listPrompts();
      assert.ok(prompts.some((p) => p.name === 'explain_ruling'));
      const p = await client.getPrompt({ name: 'explain_ruling',
        arguments: { question: 'May red put a meeple on the city?', position: JSON.stringify(small) } });
      assert.equal(p.messages[0].role, 'user');
      assert.match(p.messages[0].content.text, /May red put a meeple on the city\?/);
      await assert.rejects(client.getPrompt({ name: 'explain_ruling', arguments: { question: 'q' } }),
        (e) => e instanceof McpError && e.code === ErrorCode.InvalidParams);

      // Protocol faults are JSON-RPC errors.
      await assert.rejects(client.callTool({ name: 'no_such_tool', arguments: {} }),
        (e) => e instanceof McpError && e.code === ErrorCode.InvalidParams);
      await client.ping();
    } finally {
      await client.close();
    }
  });
}

test('the notation guide: every worked example answers as the guide says', async () => {
  const examples = guideExamples();
  assert.ok(examples.length >= 4, 'the guide has worked examples');
  const client = await connect('http');
  try {
    for (const ex of examples) {
      const r = await client.callTool({ name: ex.tool, arguments: ex.arguments });
      assert.notEqual(r.isError, true, `${ex.title}: ${r.content?.[0]?.text}`);
      assert.partialDeepEqualish(r.structuredContent, ex.expect, ex.title);
    }
  } finally {
    await client.close();
  }
});

// assert.partialDeepStrictEqual is Node 22+; this is the same for plain JSON:
// every member of `expected` is in `actual` with an equal value (arrays
// element by element, same length).
assert.partialDeepEqualish = function partial(actual, expected, message, path = '') {
  if (expected === null || typeof expected !== 'object') {
    assert.deepEqual(actual, expected, `${message}: at ${path || '/'}`);
    return;
  }
  assert.ok(actual !== null && typeof actual === 'object', `${message}: at ${path || '/'} not an object`);
  if (Array.isArray(expected)) {
    assert.ok(Array.isArray(actual) && actual.length === expected.length,
      `${message}: at ${path || '/'} expected ${expected.length} items, got ${JSON.stringify(actual)}`);
  }
  for (const k of Object.keys(expected)) partial(actual[k], expected[k], message, `${path}/${k}`);
};

// ---- the transport and the envelope, with plain HTTP ------------------------------
// Every answer is checked against the OpenAPI document (POST /mcp).

const { checkResponse } = makeChecker();

async function mcpPost(body, headers = {}, base = svc.base) {
  const res = await fetch(`${base}/mcp`, {
    method: 'POST',
    body: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
  });
  const text = await res.text();
  checkResponse({ method: 'POST', path: '/mcp', status: res.status, contentType: res.headers.get('content-type'), body: text });
  return { status: res.status, headers: res.headers, text, json: text ? JSON.parse(text) : null };
}

const init = (version) => ({ jsonrpc: '2.0', id: 1, method: 'initialize',
  params: { protocolVersion: version, capabilities: {}, clientInfo: { name: 't', version: '1' } } });

test('HTTP: versions are negotiated in initialize; no session is kept', async () => {
  for (const v of ['2025-06-18', '2025-11-25']) {
    const r = await mcpPost(init(v));
    assert.equal(r.status, 200);
    assert.equal(r.json.result.protocolVersion, v);
    assert.equal(r.headers.get('mcp-session-id'), null);
  }
  const old = await mcpPost(init('2024-11-05'));
  assert.equal(old.json.result.protocolVersion, '2025-11-25');
  const bad = await mcpPost({ ...init('2025-06-18'), params: { protocolVersion: 5, capabilities: {}, clientInfo: { name: 't', version: '1' } } });
  assert.equal(bad.json.error.code, -32602);
  assert.equal(bad.json.error.data.pointer, '/params/protocolVersion');
});

test('HTTP: notifications and responses are 202 with no body; ping answers {}', async () => {
  const n = await mcpPost({ jsonrpc: '2.0', method: 'notifications/initialized' });
  assert.equal(n.status, 202);
  assert.equal(n.text, '');
  const r = await mcpPost({ jsonrpc: '2.0', id: 'x', result: {} });
  assert.equal(r.status, 202);
  const p = await mcpPost({ jsonrpc: '2.0', id: 'p-1', method: 'ping' }, { 'mcp-protocol-version': '2025-11-25' });
  assert.deepEqual(p.json, { jsonrpc: '2.0', id: 'p-1', result: {} });
});

test('HTTP: JSON-RPC faults: parse error, invalid request, batch, unknown method, invalid params', async () => {
  const cases = [
    ['nope', 400, -32700, null],
    // JSON the strict reader refuses (a duplicate name): answered with its id.
    ['{"jsonrpc":"2.0","jsonrpc":"2.0","id":1,"method":"ping"}', 400, -32600, 1],
    ['{"jsonrpc":"2.0","id":1,"method":"ping","x":NaN}', 400, -32700, null],
    ['[{"jsonrpc":"2.0","id":1,"method":"ping"}]', 400, -32600, null],
    ['[]', 400, -32600, null],
    ['"ping"', 400, -32600, null],
    ['{"jsonrpc":"1.0","id":1,"method":"ping"}', 400, -32600, 1],
    ['{"jsonrpc":"2.0","id":null,"method":"ping"}', 400, -32600, null],
    ['{"jsonrpc":"2.0","id":1.5,"method":"ping"}', 400, -32600, null],
    ['{"jsonrpc":"2.0","id":true,"method":"ping"}', 400, -32600, null],
    ['{"jsonrpc":"2.0","id":1,"method":"ping","extra":1}', 400, -32600, 1],
    ['{"jsonrpc":"2.0","id":1,"method":7}', 400, -32600, 1],
    ['{"jsonrpc":"2.0","id":1,"method":"ping","params":3}', 400, -32600, 1],
    ['{"jsonrpc":"2.0","id":1,"method":"ping","result":{}}', 400, -32600, 1],
    ['{"jsonrpc":"2.0","id":1}', 400, -32600, null],
    ['{"jsonrpc":"2.0","id":1,"method":"no/such"}', 200, -32601, 1],
    ['{"jsonrpc":"2.0","id":1,"method":"tools/list","params":[]}', 200, -32602, 1],
    ['{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"cursor":"c"}}', 200, -32602, 1],
    ['{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":5}}', 200, -32602, 1],
    ['{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"score","arguments":[]}}', 200, -32602, 1],
    ['{"jsonrpc":"2.0","id":1,"method":"resources/read","params":{}}', 200, -32602, 1],
    ['{"jsonrpc":"2.0","id":1,"method":"resources/read","params":{"uri":"file:///etc/passwd"}}', 200, -32002, 1],
    ['{"jsonrpc":"2.0","id":1,"method":"prompts/get","params":{"name":"nope"}}', 200, -32602, 1],
  ];
  for (const [body, status, code, id] of cases) {
    const r = await mcpPost(body);
    assert.equal(r.status, status, body);
    assert.equal(r.json.error.code, code, body);
    assert.equal(r.json.id, id, body);
    assert.equal(typeof r.json.error.data.pointer, 'string', body);
  }
});

test('HTTP: Origin, Accept, Content-Type and MCP-Protocol-Version are checked; GET is 405', async () => {
  const ping = { jsonrpc: '2.0', id: 1, method: 'ping' };
  assert.equal((await mcpPost(ping, { origin: 'http://evil.example' })).status, 403);
  assert.equal((await mcpPost(ping, { origin: 'http://localhost:6274' })).status, 200);
  assert.equal((await mcpPost(ping, { origin: 'http://127.0.0.1' })).status, 200);
  assert.equal((await mcpPost(ping, { origin: 'http://localhost.evil.example' })).status, 403);
  assert.equal((await mcpPost(ping, { accept: 'text/html' })).status, 406);
  assert.equal((await mcpPost(ping, { accept: 'application/json;q=0, text/event-stream' })).status, 406);
  assert.equal((await mcpPost(ping, { accept: '*/*' })).status, 200);
  assert.equal((await mcpPost(ping, { 'content-type': 'text/plain' })).status, 415);
  assert.equal((await mcpPost(ping, { 'content-type': 'application/json; charset=utf-8' })).status, 200);
  // No Content-Type at all (a byte body: fetch labels none): 415, as on every POST route.
  const bare = await fetch(`${svc.base}/mcp`, { method: 'POST', body: new TextEncoder().encode(JSON.stringify(ping)) });
  const bareText = await bare.text();
  assert.equal(bare.status, 415, bareText);
  assert.match(JSON.parse(bareText).error.message, /Unsupported media type/);
  checkResponse({ method: 'POST', path: '/mcp', status: 415, contentType: bare.headers.get('content-type'), body: bareText });
  const v = await mcpPost(ping, { 'mcp-protocol-version': '2024-11-05' });
  assert.equal(v.status, 400);
  assert.equal(v.json.error.code, -32000);
  const get = await fetch(`${svc.base}/mcp`, { headers: { accept: 'text/event-stream' } });
  assert.equal(get.status, 405);
  assert.equal(get.headers.get('allow'), 'POST');
  checkResponse({ method: 'GET', path: '/mcp', status: 405, contentType: get.headers.get('content-type'), body: await get.text() });
});

test('HTTP: --mcp-origins admits the origins an operator lists', async () => {
  const other = await startService({}, ['--mcp-origins', 'https://chat.example.com, https://b.example']);
  try {
    const ping = { jsonrpc: '2.0', id: 1, method: 'ping' };
    assert.equal((await mcpPost(ping, { origin: 'https://chat.example.com' }, other.base)).status, 200);
    assert.equal((await mcpPost(ping, { origin: 'https://b.example' }, other.base)).status, 200);
    assert.equal((await mcpPost(ping, { origin: 'https://c.example' }, other.base)).status, 403);
  } finally {
    await other.stop();
  }
});

// ---- the README's configuration snippets, as written ---------------------------------
// Each entry of each JSON block of "## Use it from a chatbot" is connected
// with the SDK: a stdio entry runs its command with its args (the binary
// under test first on the PATH, as `make install` would put it); an HTTP
// entry uses its URL with the test server's port instead of 8080.

function readmeServers() {
  const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
  const section = readme.split(/^## Use it from a chatbot$/m)[1].split(/^## /m)[0];
  const blocks = [...section.matchAll(/```json\n([\s\S]*?)\n```/g)].map((m) => JSON.parse(m[1]));
  return blocks.flatMap((b) => Object.entries(b.mcpServers ?? b.servers));
}

test('the README snippets connect as written, over both transports', async () => {
  const servers = readmeServers();
  assert.ok(servers.length >= 4, 'two snippets, stdio and HTTP each');
  const dir = await mkdtemp(path.join(tmpdir(), 'mcp-path-'));
  await symlink(binary, path.join(dir, 'carcassonne-rules'));
  try {
    for (const [name, entry] of servers) {
      let transport;
      if (entry.command) {
        assert.ok(!entry.type || entry.type === 'stdio', name);
        transport = new StdioClientTransport({
          command: entry.command, args: entry.args, stderr: 'ignore',
          env: { ...process.env, PATH: `${dir}:${process.env.PATH}` },
        });
      } else {
        assert.equal(entry.type, 'http', name);
        const url = new URL(entry.url);
        assert.equal(url.port, '8080', `${name}: the URL make run serves`);
        url.port = String(svc.port);
        transport = new StreamableHTTPClientTransport(url);
      }
      const client = new Client({ name: 'readme', version: '1.0.0' });
      await client.connect(transport);
      try {
        const r = await client.callTool({ name: 'legal_placements', arguments: TOOLS.legal_placements.good });
        assert.ok(r.structuredContent.placements.length > 0, name);
      } finally {
        await client.close();
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
