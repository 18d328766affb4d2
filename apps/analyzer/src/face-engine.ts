import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import sharp from 'sharp';

// Face detection, alignment and embedding on the CPU with no network: @vladmandic/human's models (they ship inside
// its npm package) on the tfjs WASM backend, whose .wasm files load from node_modules. Images are decoded by sharp.

const require = createRequire(import.meta.url);
/** human's package exports map names its node-wasm build without './', which Node refuses: the file is taken directly. */
const humanDist = dirname(require.resolve('@vladmandic/human'));
const wasmDist = dirname(require.resolve('@tensorflow/tfjs-backend-wasm'));

/** The part of human's API used here (its bundled types do not resolve through the direct file path). */
interface HumanTensor {
  dispose(): void;
}
interface HumanFace {
  score: number;
  boxScore: number;
  box: [number, number, number, number];
  embedding?: number[];
}
interface HumanInstance {
  load(): Promise<void>;
  warmup(): Promise<unknown>;
  detect(input: HumanTensor): Promise<{ face: HumanFace[] }>;
  tf: {
    tensor4d(values: Uint8Array, shape: [number, number, number, number], dtype: 'int32'): HumanTensor;
    getBackend(): string;
    io: { registerLoadRouter(router: (url: string | string[]) => unknown): void };
  };
}
type HumanConstructor = new (config: Record<string, unknown>) => HumanInstance;

/** A face found in an image: its box in fractions of the image, the detector's confidence and its embedding. */
export interface DetectedFace {
  box: { x: number; y: number; w: number; h: number };
  confidence: number;
  /** 1024 numbers (human's faceres descriptor); compared by cosine similarity */
  embedding: Float32Array;
}

export interface FaceEngineOptions {
  /** faces below this detector confidence are not reported */
  minConfidence?: number;
  maxFaces?: number;
}

/**
 * Reads a tfjs graph model (model.json and its weight files) from the disk: the WASM build has no file system loader
 * of its own, and nothing may be fetched over a network.
 */
function fileModelRouter(url: string | string[]) {
  const path = typeof url === 'string' && url.startsWith('file://') ? url.slice('file://'.length) : null;
  if (!path) return null;
  return {
    load: async () => {
      const json = JSON.parse(readFileSync(path, 'utf8')) as {
        modelTopology: unknown;
        format?: string;
        generatedBy?: string;
        convertedBy?: string;
        signature?: unknown;
        userDefinedMetadata?: unknown;
        modelInitializer?: unknown;
        weightsManifest: { paths: string[]; weights: unknown[] }[];
      };
      const weights = Buffer.concat(json.weightsManifest.flatMap((group) => group.paths.map((p) => readFileSync(join(dirname(path), p)))));
      return {
        modelTopology: json.modelTopology,
        format: json.format,
        generatedBy: json.generatedBy,
        convertedBy: json.convertedBy,
        // The signature names the outputs: without it the embedding (not a leaf of the graph) is not returned.
        signature: json.signature,
        userDefinedMetadata: json.userDefinedMetadata,
        modelInitializer: json.modelInitializer,
        weightSpecs: json.weightsManifest.flatMap((group) => group.weights),
        weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength),
      };
    },
  };
}

/** One loaded face pipeline (detector, mesh for alignment, faceres for the embedding); detect one image at a time. */
export class FaceEngine {
  private constructor(
    private readonly human: HumanInstance,
    private readonly options: Required<FaceEngineOptions>,
  ) {}

  static async create(options: FaceEngineOptions = {}): Promise<FaceEngine> {
    const wasm = require('@tensorflow/tfjs-backend-wasm') as { setWasmPaths(path: string): void };
    wasm.setWasmPaths(`${wasmDist}/`);
    const Human = (require(join(humanDist, 'human.node-wasm.js')) as { Human: HumanConstructor }).Human;
    const settings = { minConfidence: options.minConfidence ?? 0.5, maxFaces: options.maxFaces ?? 20 };
    const human = new Human({
      backend: 'wasm',
      wasmPath: `${wasmDist}/`,
      modelBasePath: `file://${join(humanDist, '../models')}/`,
      debug: false,
      async: false,
      cacheSensitivity: 0,
      face: {
        enabled: true,
        detector: { rotation: false, maxDetected: settings.maxFaces, minConfidence: settings.minConfidence, return: false },
        mesh: { enabled: true },
        iris: { enabled: false },
        description: { enabled: true },
        emotion: { enabled: false },
        antispoof: { enabled: false },
        liveness: { enabled: false },
      },
      body: { enabled: false },
      hand: { enabled: false },
      object: { enabled: false },
      gesture: { enabled: false },
      segmentation: { enabled: false },
    });
    human.tf.io.registerLoadRouter(fileModelRouter);
    await human.load();
    await human.warmup();
    return new FaceEngine(human, settings);
  }

  get backend(): string {
    return this.human.tf.getBackend();
  }

  /** Faces in a JPEG or PNG (or anything sharp decodes), best first. */
  async detect(image: Buffer): Promise<DetectedFace[]> {
    const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const batch = this.human.tf.tensor4d(
      new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
      [1, info.height, info.width, 3],
      'int32',
    );
    try {
      const result = await this.human.detect(batch);
      return result.face
        .filter((face) => face.boxScore >= this.options.minConfidence && face.embedding !== undefined && face.embedding.length > 0)
        .map((face) => ({
          box: { x: face.box[0] / info.width, y: face.box[1] / info.height, w: face.box[2] / info.width, h: face.box[3] / info.height },
          confidence: face.boxScore,
          embedding: Float32Array.from(face.embedding!),
        }))
        .sort((a, b) => b.confidence - a.confidence);
    } finally {
      batch.dispose();
    }
  }
}
