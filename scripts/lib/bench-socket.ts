// bench:events' socket part (scripts/bench-events.ts): the time from an ingest commit to many socket.io clients.
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { SOCKET_PATH } from '@vigil/contract';
import { DetectorsRepository } from '../../apps/server/src/modules/ingest/detectors.repository.js';
import { DetectorsService } from '../../apps/server/src/modules/ingest/detectors.service.js';
import { MAPLE, bearer, createTestContext } from '../../apps/server/test/harness.js';
import { count, load, ms, percentile, verdict } from './bench.js';

const HALLWAY = 'c1a00001-0000-4000-8000-00000000a003';
const now = () => performance.timeOrigin + performance.now();

/**
 * The clients run in a worker thread, so that decoding 100 sockets' frames does not queue behind the server on one
 * event loop. Plain JavaScript: tsx does not load TypeScript in worker threads.
 */
const CLIENTS_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { io } = require(workerData.clientModule);
const now = () => performance.timeOrigin + performance.now();
const { url, token, clients, path } = workerData;
// forceNew: one connection per client, as 100 browsers would have, not one multiplexed connection
const sockets = Array.from({ length: clients }, () => io(url, { path, query: { token }, transports: ['polling', 'websocket'], forceNew: true }));
const received = sockets.map((socket) => {
  const times = [];
  socket.on('alert', () => times.push(now()));
  return times;
});
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
(async () => {
  while (!sockets.every((s) => s.connected && s.io.engine.transport.name === 'websocket')) await sleep(50);
  parentPort.postMessage({ ready: true });
  parentPort.once('message', async (expected) => {
    const deadline = Date.now() + 10000;
    while (received.some((times) => times.length < expected) && Date.now() < deadline) await sleep(50);
    for (const socket of sockets) socket.disconnect();
    parentPort.postMessage({ received });
  });
})();
`;

/** The time from an ingest's commit to the 'alert' message at each of `clients` socket.io clients. */
export async function socketLatency({ clients, messages }: { clients: number; messages: number }): Promise<void> {
  const ctx = await createTestContext();
  try {
    const url = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const token = await ctx.signIn('manager@maple.example');
    const { key } = await new DetectorsService(ctx.database.db, new DetectorsRepository(ctx.database.db), ctx.clock).issue(
      MAPLE,
      'bench socket',
      ['detector'],
      null,
    );
    const worker = new Worker(CLIENTS_WORKER, {
      eval: true,
      workerData: {
        url,
        token,
        clients,
        path: SOCKET_PATH,
        clientModule: createRequire(import.meta.url).resolve('socket.io-client'),
      },
    });
    const fromWorker = () =>
      new Promise<{ ready?: true; received?: number[][] }>((done, fail) => {
        worker.once('message', done);
        worker.once('error', fail);
      });
    await fromWorker();
    const sent: { before: number; committed: number }[] = [];
    for (let i = 0; i < messages; i += 1) {
      const before = now();
      const payload = JSON.stringify({
        events: [
          {
            source_id: `live-${i}`,
            camera_uuid: HALLWAY,
            started_at: new Date().toISOString(),
            objects: [{ name: 'person', confidence: 0.9 }],
          },
        ],
      });
      const reply = await ctx.app.inject({
        method: 'POST',
        url: '/api/ingest/v1/batch',
        headers: { ...bearer(key), 'content-type': 'application/json' },
        payload,
      });
      const committed = now();
      if (reply.statusCode !== 200) throw new Error(`ingest: ${reply.body}`);
      sent.push({ before, committed });
      await new Promise((r) => setTimeout(r, Math.max(0, before + 20 - now())));
    }
    const done = fromWorker();
    worker.postMessage(messages);
    const received = (await done).received!;
    await worker.terminate();
    const afterCommit: number[] = [];
    const afterRequest: number[] = [];
    const lastClient: number[] = sent.map(() => 0);
    let missing = 0;
    for (const times of received) {
      missing += messages - times.length;
      times.forEach((at, i) => {
        afterCommit.push(at - sent[i]!.committed);
        afterRequest.push(at - sent[i]!.before);
        lastClient[i] = Math.max(lastClient[i]!, at - sent[i]!.committed);
      });
    }
    const p99 = percentile(afterCommit, 99);
    console.log(
      `\nSocket: ${messages} single-event ingests ~20 ms apart, ${clients} socket.io clients (websocket) on loopback (${load()}):`,
    );
    console.log(
      `  commit (ingest reply) → 'alert' at a client   p50 ${ms(percentile(afterCommit, 50))}  p99 ${ms(p99)}  goal p99 < 50 ms: ${verdict(p99 < 50)}`,
    );
    console.log(
      `  request sent → 'alert' at a client           p50 ${ms(percentile(afterRequest, 50))}  p99 ${ms(percentile(afterRequest, 99))}`,
    );
    console.log(
      `  commit → the last of ${clients} clients           p50 ${ms(percentile(lastClient, 50))}  p99 ${ms(percentile(lastClient, 99))}`,
    );
    if (missing > 0) console.log(`  ${count(missing)} messages did not arrive within 10 s: MISS`);
  } finally {
    await ctx.close();
  }
}
