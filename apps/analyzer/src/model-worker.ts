import { performance } from 'node:perf_hooks';
import { parentPort } from 'node:worker_threads';
import { Models } from './models.js';
import type { WorkerReply, WorkerRequest } from './model-pool.js';

// One model worker: its own tfjs WASM instance and copy of the models, analysing one frame at a time (ModelPool).
const port = parentPort;
if (!port) throw new Error('model-worker.ts runs as a worker thread of ModelPool');

const ready = Models.create().then(
  (models) => {
    port.postMessage({ id: 0, ready: true, backend: models.backend } satisfies WorkerReply);
    return models;
  },
  (error: unknown) => {
    port.postMessage({ id: 0, error: error instanceof Error ? error.message : String(error) } satisfies WorkerReply);
    return null;
  },
);

port.on('message', (request: WorkerRequest) => {
  void (async () => {
    const models = await ready;
    if (!models) return;
    try {
      const started = performance.now();
      const result =
        request.kind === 'analyse'
          ? await models.analyse(
              { rgb: new Uint8Array(request.rgb), width: request.width, height: request.height },
              { objects: request.objects },
            )
          : { faces: await models.detect(Buffer.from(request.image)), objects: [] };
      const faces = result.faces.map((f) => ({ box: f.box, confidence: f.confidence, embedding: f.embedding }));
      port.postMessage(
        { id: request.id, faces, objects: result.objects, ms: Math.round(performance.now() - started) } satisfies WorkerReply,
        faces.map((f) => f.embedding.buffer as ArrayBuffer),
      );
    } catch (error) {
      port.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) } satisfies WorkerReply);
    }
  })();
});
