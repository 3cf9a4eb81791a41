// tests/contract/server.mjs -- start the service binary for a test, stop it.
//
// The binary is $CC_BIN or build/carcassonne-rules (make contract passes the
// sanitizer build). It listens on a free loopback port chosen here; its
// stderr (the access log) is kept so a test can read it.
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { root } from './openapi.mjs';

export const binary = process.env.CC_BIN
  ? path.resolve(process.env.CC_BIN) : path.join(root, 'build', 'carcassonne-rules');

export function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.unref();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)); });
  });
}

function healthy(port) {
  return new Promise((resolve) => {
    const sock = net.connect(port, '127.0.0.1');
    let data = '';
    sock.on('connect', () => sock.write('GET /healthz HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n'));
    sock.on('data', (d) => { data += d; });
    sock.on('error', () => resolve(false));
    sock.on('close', () => resolve(/^HTTP\/1\.1 200 /.test(data)));
  });
}

// bin: another build (the release one, for a test that measures time).
export async function startService(extraEnv = {}, args = [], bin = binary) {
  const port = await freePort();
  const child = spawn(bin, args, {
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => { stderr += d; });
  child.stdout.on('data', () => {});
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  const base = `http://127.0.0.1:${port}`;
  // Ready when /healthz answers, asked on a connection that is closed at
  // once (a fetch would leave one open in its pool, and some tests count
  // connections).
  for (let i = 0; i < 100; i++) {
    if (await healthy(port)) break;
    if (child.exitCode !== null) throw new Error(`service exited ${child.exitCode}: ${stderr}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    base, port, child, exited,
    stderr: () => stderr,
    async stop(signal = 'SIGTERM') { child.kill(signal); return exited; },
  };
}
