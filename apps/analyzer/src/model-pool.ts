import { existsSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { DetectedFace, DetectedObject, RgbFrame } from './models.js';

/** What the pool asks a worker: a frame to analyse, or an image file (a registry photo) to find faces in. */
export type WorkerRequest =
  | { id: number; kind: 'analyse'; rgb: ArrayBuffer; width: number; height: number; objects: boolean }
  | { id: number; kind: 'detect'; image: ArrayBuffer };
/** What a worker answers: its models are loaded (id 0), a result, or an error. */
export type WorkerReply =
  | { id: number; ready: true; backend: string }
  | { id: number; faces: DetectedFace[]; objects: DetectedObject[]; ms: number }
  | { id: number; error: string };

/** What the models found in a frame, and how long they took on their worker (ms, not counting the hand-over). */
export interface Analysis {
  faces: DetectedFace[];
  objects: DetectedObject[];
  workerMs?: number;
}

export interface ModelRunner {
  analyse(frame: RgbFrame, what: { objects: boolean }): Promise<Analysis>;
  detect(image: Buffer): Promise<DetectedFace[]>;
}

interface Slot {
  worker: Worker;
  /** the request it is working on, with how to answer it */
  job: { id: number; resolve(reply: WorkerReply): void } | null;
}

/** The models' workers this machine can use: one per core, at most 8 (each holds its own copy of the models). */
export const defaultWorkers = (): number => Math.max(1, Math.min(8, cpus().length));

/**
 * The face and object models on `size` worker threads, each with its own WASM instance (tfjs' WASM backend uses one
 * core), so an analyzer given two cores analyses about twice what one does. A worker takes one request at a time;
 * `idle` says how many could start one now (the analyzer chooses which camera's frame goes next, not a queue here).
 * Frames are copied into the worker (transferred, not shared); the answer's embeddings come back transferred.
 */
export class ModelPool implements ModelRunner {
  private readonly slots: Slot[];
  private nextId = 1;
  private readonly waiting: { request: WorkerRequest; transfer: ArrayBuffer[]; resolve(reply: WorkerReply): void }[] = [];
  private closed = false;

  private constructor(
    workers: Worker[],
    readonly backend: string,
  ) {
    this.slots = workers.map((worker) => ({ worker, job: null }));
    for (const slot of this.slots) this.attach(slot);
  }

  /** Starts `size` workers and waits until each has loaded its models. */
  static async create(size: number = defaultWorkers()): Promise<ModelPool> {
    if (!Number.isInteger(size) || size < 1) throw new Error(`model workers: a whole number from 1, not ${size}`);
    const workers = Array.from({ length: size }, () => startWorker());
    try {
      const backends = await Promise.all(workers.map((w) => loaded(w)));
      return new ModelPool(workers, backends[0]!);
    } catch (error) {
      await Promise.all(workers.map((w) => w.terminate()));
      throw error;
    }
  }

  get size(): number {
    return this.slots.length;
  }

  /** How many workers could start a request now. */
  get idle(): number {
    return this.closed ? 0 : this.slots.filter((s) => s.job === null).length - this.waiting.length;
  }

  async analyse(frame: RgbFrame, what: { objects: boolean }): Promise<Analysis> {
    // A copy of its own for the worker: the frame's bytes may be a view into a larger buffer the reader reuses.
    const rgb = new Uint8Array(frame.rgb.byteLength);
    rgb.set(frame.rgb);
    const reply = await this.run(
      { id: this.nextId++, kind: 'analyse', rgb: rgb.buffer, width: frame.width, height: frame.height, objects: what.objects },
      [rgb.buffer],
    );
    return reply;
  }

  async detect(image: Buffer): Promise<DetectedFace[]> {
    const copy = new Uint8Array(image.byteLength);
    copy.set(image);
    return (await this.run({ id: this.nextId++, kind: 'detect', image: copy.buffer }, [copy.buffer])).faces;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const w of this.waiting.splice(0)) w.resolve({ id: w.request.id, error: 'the models were closed' });
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }

  private run(request: WorkerRequest, transfer: ArrayBuffer[]): Promise<Required<Analysis>> {
    if (this.closed) return Promise.reject(new Error('the models were closed'));
    return new Promise<WorkerReply>((resolve) => {
      this.waiting.push({ request, transfer, resolve });
      this.dispatch();
    }).then((reply) => {
      if ('error' in reply) throw new Error(reply.error);
      if (!('faces' in reply)) throw new Error('model worker: unexpected answer');
      return {
        faces: reply.faces.map((f) => ({ ...f, embedding: new Float32Array(f.embedding) })),
        objects: reply.objects,
        workerMs: reply.ms,
      };
    });
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (slot.job !== null || this.waiting.length === 0) continue;
      const next = this.waiting.shift()!;
      slot.job = { id: next.request.id, resolve: next.resolve };
      slot.worker.postMessage(next.request, next.transfer);
    }
  }

  /** A worker that failed answers its request with the error and is replaced (the analyzer keeps its other cameras). */
  private fail(slot: Slot, message: string): void {
    const job = slot.job;
    slot.job = null;
    job?.resolve({ id: job.id, error: `model worker failed: ${message}` });
    if (this.closed) return;
    // The old worker's handlers ignore it from now on (they check it is still the slot's).
    void slot.worker.terminate();
    const replacement = startWorker();
    slot.worker = replacement;
    // Busy until its models are loaded: nothing is sent to it before.
    slot.job = { id: -1, resolve: () => undefined };
    void loaded(replacement).then(
      () => {
        slot.job = null;
        this.attach(slot);
        this.dispatch();
      },
      (error: unknown) => setTimeout(() => this.fail(slot, String(error)), 5_000).unref(),
    );
  }

  private attach(slot: Slot): void {
    const worker = slot.worker;
    worker.on('message', (reply: WorkerReply) => {
      const job = slot.job;
      if (slot.worker !== worker || !job || job.id !== reply.id) return;
      slot.job = null;
      job.resolve(reply);
      this.dispatch();
    });
    worker.on('error', (error) => slot.worker === worker && this.fail(slot, error.message));
    worker.on('exit', (code) => slot.worker === worker && this.fail(slot, `model worker exited (${code})`));
  }
}

/**
 * The built analyzer runs dist/model-worker.js; from the sources (tests, `node --import tsx`) the worker loads the .ts
 * file through tsx's API (Node 20 does not pass `--import` hooks on to worker threads).
 */
function startWorker(): Worker {
  const built = fileURLToPath(new URL('./model-worker.js', import.meta.url));
  if (existsSync(built)) return new Worker(built);
  const source = new URL('./model-worker.ts', import.meta.url).href;
  const tsx = pathToFileURL(join(dirname(tsxPackage), tsxApi(tsxPackage))).href;
  return new Worker(`import(${JSON.stringify(tsx)}).then((tsx) => tsx.tsImport(${JSON.stringify(source)}, ${JSON.stringify(source)}))`, {
    eval: true,
  });
}

/** tsx's ESM API as its package's exports name it (the CommonJS one cannot load its ESM half from a worker). */
const tsxPackage = createRequire(import.meta.url).resolve('tsx/package.json');
function tsxApi(packageJson: string): string {
  const exports = (JSON.parse(readFileSync(packageJson, 'utf8')) as { exports: Record<string, { import: { default: string } }> }).exports;
  return exports['./esm/api']!.import.default;
}

/** Resolves with the worker's backend once its models are loaded; rejects if they cannot be. */
function loaded(worker: Worker): Promise<string> {
  return new Promise((resolve, reject) => {
    const onMessage = (reply: WorkerReply) => {
      if (reply.id !== 0) return;
      worker.off('message', onMessage);
      if ('ready' in reply) resolve(reply.backend);
      else reject(new Error(`model worker: ${'error' in reply ? reply.error : 'no models'}`));
    };
    worker.on('message', onMessage);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`model worker exited (${code}) before its models were loaded`)));
  });
}
