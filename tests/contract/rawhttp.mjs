// tests/contract/rawhttp.mjs -- HTTP/1.1 over raw sockets, for the tests
// that must see the bytes (framing) or hold thousands of connections (load).
//
//   parseResponses(buf)          complete responses at the front of buf
//   exchange(port, chunks, opt)  send bytes, collect until close or opt.ms
//   keepAlive(port, opt)         one connection, requests one after another
//   holdOpen(port, n, opt)       n keep-alive connections, each asking in a
//                                loop until stop(); counts answers and errors
//   waitFor(pred, ms)            poll pred() until true or ms pass
import net from 'node:net';

// Each response: { status, statusLine, headers (lower-case names), body }.
// A 1xx interim response is returned too (it has no body).
export function parseResponses(buf) {
  const responses = [];
  for (;;) {
    const end = buf.indexOf('\r\n\r\n');
    if (end < 0) break;
    const lines = buf.subarray(0, end).toString('latin1').split('\r\n');
    const m = /^HTTP\/1\.[01] (\d{3}) /.exec(lines[0]);
    const headers = {};
    for (const line of lines.slice(1)) {
      const i = line.indexOf(':');
      const name = line.slice(0, i).toLowerCase();
      headers[name] = name in headers ? `${headers[name]}, ${line.slice(i + 1).trim()}` : line.slice(i + 1).trim();
    }
    const status = m ? Number(m[1]) : NaN;
    const len = status === 204 || (status >= 100 && status < 200) ? 0 : Number(headers['content-length'] ?? 0);
    if (buf.length < end + 4 + len) break;
    responses.push({ status, statusLine: lines[0], headers, body: buf.subarray(end + 4, end + 4 + len).toString('utf8') });
    buf = buf.subarray(end + 4 + len);
  }
  return { responses, rest: buf };
}

// Send chunks (strings or Buffers; gapMs between them), collect everything
// until the server closes or ms pass. { data, closed, reset, ms, responses }.
export function exchange(port, chunks, { ms = 3000, gapMs = 0, localAddress } = {}) {
  return new Promise((resolve) => {
    const sock = net.connect({ port, host: '127.0.0.1', localAddress });
    const parts = [];
    const started = Date.now();
    let reset = false;
    const finish = (closed) => {
      clearTimeout(timer);
      const data = Buffer.concat(parts);
      resolve({ data, closed, reset, ms: Date.now() - started, responses: parseResponses(data).responses });
    };
    const timer = setTimeout(() => { sock.destroy(); finish(false); }, ms);
    sock.on('data', (d) => parts.push(d));
    sock.on('error', (e) => { if (e.code === 'ECONNRESET') reset = true; });
    sock.on('close', () => finish(true));
    sock.on('connect', async () => {
      for (const c of chunks) {
        if (sock.destroyed) break;
        sock.write(c);
        if (gapMs) await new Promise((r) => setTimeout(r, gapMs));
      }
    });
  });
}

const GET = (path) => `GET ${path} HTTP/1.1\r\nHost: test\r\n\r\n`;

// A GET that must be answered on a fresh connection: { status, headers, ms }
// or { status: 'error ...' }.
export async function probe(port, path = '/healthz', { ms = 10000, localAddress } = {}) {
  const r = await exchange(port, [`GET ${path} HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n`],
    { ms, localAddress });
  const first = r.responses[0];
  return first ? { status: first.status, headers: first.headers, body: first.body, ms: r.ms }
    : { status: `no answer (closed ${r.closed}, reset ${r.reset}, ${r.ms} ms)` };
}

// n keep-alive connections, each sending GET path and waiting for the
// answer, again and again, until stop() (or `requests` answers each).
// opened() resolves once every connection has had its first answer.
// reconnectShed: a connection whose first answer is not a 200 (shed at a
// limit because the service still counted a connection the client had just
// closed, such as startService's readiness check: the service sees that
// close a moment later, later still on a loaded machine) is replaced by a
// new one, so that opened() means n connections each answered 200. A limit
// that is really too low then never lets opened() resolve.
export function holdOpen(port, n, { path = '/healthz', requests = Infinity, localAddress,
                                   reconnectShed = false } = {}) {
  const conns = [];
  let stopping = false;
  let firstAnswers = 0;
  let resolveOpened;
  const opened = new Promise((r) => { resolveOpened = r; });
  const stats = { answered: 0, non200: 0, errors: 0, closedEarly: 0, done: 0 };
  let replaced = 0;   // shed connections replaced (reconnectShed)
  const connect = (resolve) => {
    const sock = net.connect({ port, host: '127.0.0.1', localAddress });
    let buf = Buffer.alloc(0);
    let count = 0;
    let shed = false;
    conns.push(sock);
    const ask = () => sock.write(GET(path));
    sock.on('connect', ask);
    sock.on('data', (d) => {
      const { responses, rest } = parseResponses(Buffer.concat([buf, d]));
      buf = rest;
      for (const r of responses) {
        if (count === 0 && r.status !== 200 && reconnectShed && !stopping) {
          shed = true;
          replaced++;
          sock.destroy();
          return;
        }
        count++;
        stats.answered++;
        if (r.status !== 200) stats.non200++;
        if (count === 1 && ++firstAnswers === n) resolveOpened();
        if (stopping || count >= requests) { stats.done++; sock.end(); return; }
        ask();
      }
    });
    sock.on('error', () => { if (!shed) stats.errors++; });
    sock.on('close', () => {
      if (shed) { setTimeout(() => connect(resolve), 20); return; }
      if (!stopping && count < requests) stats.closedEarly++;
      resolve(count);
    });
  };
  const finished = [];
  for (let i = 0; i < n; i++) finished.push(new Promise((resolve) => connect(resolve)));
  return {
    stats,
    get replaced() { return replaced; },
    opened,
    all: Promise.all(finished),
    stop() { stopping = true; return Promise.all(finished); },
    destroy() { stopping = true; for (const s of conns) s.destroy(); },
  };
}

export async function waitFor(pred, ms, step = 50) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await pred()) return true;
    await new Promise((r) => setTimeout(r, step));
  }
  return pred();
}

// Reject after ms: a guard so a stall fails the test instead of hanging it.
export function within(ms, promise, what) {
  let timer;
  const guard = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no end after ${ms} ms`)), ms);
  });
  return Promise.race([promise, guard]).finally(() => clearTimeout(timer));
}
