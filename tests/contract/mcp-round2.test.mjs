// tests/contract/mcp-round2.test.mjs -- issue 32, as a chatbot builder meets
// the server: the official TypeScript SDK client over both transports.
//
// - No hang: a message the server's strict reader refuses but that is valid
//   JSON (a number outside the 64-bit range, nesting past 64) is answered
//   with its own id, so the SDK's call returns at once instead of waiting
//   for its timeout (15 s measured before; 60 s by default).
// - Cost: tools/list at most 25 KB in every language; a typical answer
//   carries no picture unless asked. The sizes are printed (README's
//   chatbot section quotes them).
// - Texts: what a model reads names tools and resources, never an HTTP
//   route or status; each tool's worked example answers.
// - completion/complete, paged resources, logging (stdio).
// - POST /mcp: a malformed lang= and a body over 1 MiB are JSON-RPC errors.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { McpError, LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { binary, startService } from './server.mjs';
import { small } from './fixtures.mjs';

let svc;
before(async () => { svc = await startService(); });
after(async () => { if (svc) await svc.stop(); });

// A JSON value JavaScript cannot write (JSON.stringify has no 1e400): the
// message is written with a placeholder string, replaced in the text sent.
const RAW = { '"__1e400__"': '1e400', '"__30digits__"': '123456789012345678901234567890' };
const raw = (text) => Object.entries(RAW).reduce((t, [k, v]) => t.replaceAll(k, v), text);

const transports = {
  http: () => new StreamableHTTPClientTransport(new URL(`${svc.base}/mcp`), {
    fetch: (url, init) => fetch(url, typeof init?.body === 'string' ? { ...init, body: raw(init.body) } : init),
  }),
  stdio: () => {
    const t = new StdioClientTransport({
      command: binary, args: ['mcp'], stderr: 'ignore',
      env: { ...process.env, ASAN_OPTIONS: process.env.ASAN_OPTIONS ?? 'detect_leaks=1' },
    });
    t.send = (message) => new Promise((resolve) => {
      t._process.stdin.write(`${raw(JSON.stringify(message))}\n`, () => resolve());
    });
    return t;
  },
};

async function connect(kind) {
  const client = new Client({ name: 'issue-32', version: '1.0.0' });
  await client.connect(transports[kind]());
  return client;
}

function nested(depth) {
  let v = [];
  for (let i = 0; i < depth; i++) v = [v];
  return v;
}

const HTTP_WORDS = /\/v1\/|\b(GET|POST) \/|\((400|404|413|415|422)\)|`(400|404|422)`/;

for (const kind of Object.keys(transports)) {
  test(`${kind}: a valid JSON message the reader refuses is answered at once, with its id`, async () => {
    const client = await connect(kind);
    try {
      const quick = { timeout: 3000 };   // the answer, not the SDK's timeout
      const big = await client.callTool({ name: 'score',
        arguments: { position: small, x: '__1e400__', y: 0 } }, undefined, quick);
      assert.equal(big.isError, true);
      assert.match(big.content[0].text, /At fault: the argument \/x\./);
      const deep = await client.callTool({ name: 'describe_position',
        arguments: { position: nested(100) } }, undefined, quick);
      assert.equal(deep.isError, true);
      assert.match(deep.content[0].text, /\/position/);
      await assert.rejects(client.readResource({ uri: '__30digits__' }, quick),
        (e) => e instanceof McpError && e.code === -32602);
      await client.ping();   // the session goes on
    } finally {
      await client.close();
    }
  });

  test(`${kind}: tool definitions within 25 KB, answers without pictures unless asked`, async () => {
    const client = await connect(kind);
    try {
      const { tools } = await client.listTools();
      const size = JSON.stringify(tools).length;
      console.log(`# ${kind}: tools/list ${tools.length} tools, ${size} bytes`);
      assert.ok(size <= 25 * 1024, `${size} bytes`);
      const ajv = new Ajv2020({ strict: false });
      addFormats(ajv);
      for (const tool of tools) {
        assert.doesNotMatch(tool.description, HTTP_WORDS, tool.name);
        assert.match(tool.description, /carcassonne-rules:\/\/guide\/notation/, tool.name);
        const draws = 'picture' in tool.inputSchema.properties;
        assert.equal(draws, tool.description.includes('`picture: true`'), tool.name);
        // The worked example answers, and validates both ways.
        const [example] = tool.inputSchema.examples;
        assert.ok(ajv.validate(tool.inputSchema, example), `${tool.name}: example fits`);
        const r = await client.callTool({ name: tool.name, arguments: example });
        assert.notEqual(r.isError, true, `${tool.name} example: ${r.content?.[0]?.text}`);
        assert.ok(ajv.validate(tool.outputSchema, r.structuredContent), `${tool.name}: output`);
        assert.equal(r.content.filter((c) => c.type === 'image').length, 0, `${tool.name}: no picture`);
        for (const c of r.content) assert.doesNotMatch(c.text, HTTP_WORDS, tool.name);
      }
      const args = { position: small, x: 0, y: -1 };
      const plain = JSON.stringify(await client.callTool({ name: 'score', arguments: args })).length;
      const drawn = JSON.stringify(await client.callTool({ name: 'score',
        arguments: { ...args, picture: true } })).length;
      console.log(`# ${kind}: a typical answer (score) ${plain} bytes; with picture: true ${drawn} bytes`);
      assert.ok(plain < 8 * 1024 && drawn > 4 * plain, `${plain} / ${drawn}`);
    } finally {
      await client.close();
    }
  });

  test(`${kind}: validate_position, final score, texts a model can use`, async () => {
    const client = await connect(kind);
    try {
      const impossible = await client.callTool({ name: 'validate_position', arguments: { position: {
        players: ['red', 'blue'],
        tiles: [{ tile: 'base.D', x: 0, y: 0, rot: 0 }, { tile: 'base.E', x: 0, y: -1, rot: 0 }],
        figures: [] } } });
      assert.notEqual(impossible.isError, true);
      assert.equal(impossible.structuredContent.valid, false);
      assert.equal(impossible.structuredContent.problems[0].rule, 'base.placement.edges');
      const final = await client.callTool({ name: 'score', arguments: { position: small, final: true } });
      assert.match(final.content[0].text, /Final standings: .*\. The winner: |The winners, tied: /);
      assert.deepEqual(final.structuredContent.winners.length > 0, true);
      const refused = await client.callTool({ name: 'tile_facts', arguments: { id: 'base.Z' } });
      assert.equal(refused.isError, true);
      assert.doesNotMatch(refused.content[0].text, HTTP_WORDS);
      // Every resource titled, in pages; prompts titled in the language.
      let cursor, pages = 0, count = 0;
      do {
        const page = await client.listResources(cursor ? { cursor } : {});
        for (const r of page.resources) assert.ok(r.title, r.uri);
        count += page.resources.length;
        cursor = page.nextCursor;
        pages++;
      } while (cursor);
      assert.ok(pages >= 2 && count > 90, `${pages} pages, ${count} resources`);
      const { prompts } = await client.listPrompts();
      for (const p of prompts) assert.ok(p.title, p.name);
      // completion/complete, for prompt arguments and resource templates.
      const rules = await client.complete({ ref: { type: 'ref/resource', uri: 'carcassonne-rules://rules/{id}' },
        argument: { name: 'id', value: 'abbey.barn.' } });
      assert.ok(rules.completion.values.includes('abbey.barn.junction'));
      const at = await client.complete({ ref: { type: 'ref/prompt', name: 'explain_tile' },
        argument: { name: 'location', value: 'N' }, context: { arguments: { tile: 'base.D' } } });
      assert.deepEqual(at.completion.values, ['N']);   // base.D: a city north, no field half there
    } finally {
      await client.close();
    }
  });
}

test('stdio: logging/setLevel, then a log message for each tool call', async () => {
  const client = await connect('stdio');
  try {
    assert.ok(client.getServerCapabilities().logging);
    const seen = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => { seen.push(n.params); });
    await client.setLoggingLevel('info');
    await client.callTool({ name: 'tile_facts', arguments: { id: 'base.D' } });
    await client.callTool({ name: 'tile_facts', arguments: { id: 'base.Z' } });
    assert.deepEqual(seen.map((p) => [p.level, p.data.tool, p.data.outcome]),
      [['info', 'tile_facts', 'answered'], ['warning', 'tile_facts', 'refused']]);
  } finally {
    await client.close();
  }
});

test('HTTP: POST /mcp answers a malformed lang= and a body over 1 MiB as JSON-RPC errors', async () => {
  const ping = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' });
  const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
  let res = await fetch(`${svc.base}/mcp?lang=!!`, { method: 'POST', headers, body: ping });
  assert.equal(res.status, 400);
  assert.match(res.headers.get('content-type'), /^application\/json/);
  let body = await res.json();
  assert.equal(body.jsonrpc, '2.0');
  assert.equal(body.id, null);
  assert.equal(body.error.code, -32000);
  res = await fetch(`${svc.base}/mcp`, { method: 'POST', headers, body: ' '.repeat(1024 * 1024 + 1) });
  assert.equal(res.status, 413);
  assert.match(res.headers.get('content-type'), /^application\/json/);
  body = await res.json();
  assert.equal(body.error.code, -32000);
  assert.equal(body.error.message, 'Body too large');
});
