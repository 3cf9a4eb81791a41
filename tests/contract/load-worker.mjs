// tests/contract/load-worker.mjs -- holdOpen() (rawhttp.mjs) in a worker
// thread, so the load's event loop never delays the test's own probes.
// workerData: { port, n, path }. Posts 'opened' once every connection has
// had an answer; on the message 'stop' it closes them and posts the stats.
import { parentPort, workerData } from 'node:worker_threads';
import { holdOpen } from './rawhttp.mjs';

const load = holdOpen(workerData.port, workerData.n, { path: workerData.path ?? '/healthz' });
load.opened.then(() => parentPort.postMessage({ opened: true, stats: load.stats }));
parentPort.on('message', async (m) => {
  if (m === 'stop') {
    await load.stop();
    parentPort.postMessage({ stopped: true, stats: load.stats });
  }
});
