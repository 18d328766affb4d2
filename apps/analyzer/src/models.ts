import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { tf, wasmBackend, wasmDist } from './tf.js';

// Faces (detection, alignment, a 1024-number embedding) and COCO objects on the CPU with no network:
// @vladmandic/human's models, which ship inside its npm package, on the tfjs WASM backend. Images are decoded by sharp.

const require = createRequire(import.meta.url);
/** human's package exports map names its node-wasm build without './', which Node refuses: the file is taken directly. */
const humanDist = dirname(require.resolve('@vladmandic/human'));

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
interface HumanObject {
  score: number;
  label: string;
  box: [number, number, number, number];
}
interface HumanInstance {
  load(): Promise<void>;
  warmup(): Promise<unknown>;
  detect(
    input: HumanTensor,
    config?: Record<string, unknown>,
  ): Promise<{ face: HumanFace[]; object: HumanObject[]; error?: string | null }>;
  tf: { io: { registerLoadRouter(router: (url: string | string[]) => unknown): void } };
}
type HumanConstructor = new (config: Record<string, unknown>) => HumanInstance;

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A face found in a frame: its box in fractions of the frame, the detector's confidence and its embedding. */
export interface DetectedFace {
  box: Box;
  confidence: number;
  /** 1024 numbers (human's faceres descriptor); compared by cosine similarity */
  embedding: Float32Array;
}

/** An object found in a frame: its COCO label, confidence and box (fractions of the frame). */
export interface DetectedObject {
  label: string;
  confidence: number;
  box: Box;
}

/** A frame as the models take it: RGB, 3 bytes a pixel. */
export interface RgbFrame {
  rgb: Uint8Array;
  width: number;
  height: number;
}

export interface ModelOptions {
  /** faces below this detector confidence are not reported */
  minFaceConfidence?: number;
  /** objects below this confidence are not reported */
  minObjectConfidence?: number;
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

const fraction = (box: [number, number, number, number], width: number, height: number): Box => {
  const x = Math.max(0, Math.min(1, box[0] / width));
  const y = Math.max(0, Math.min(1, box[1] / height));
  return { x, y, w: Math.max(1e-4, Math.min(1 - x, box[2] / width)), h: Math.max(1e-4, Math.min(1 - y, box[3] / height)) };
};

/** The loaded models (face detector, mesh for alignment, faceres for the embedding, centernet for objects); one frame at a time. */
export class Models {
  private constructor(
    private readonly human: HumanInstance,
    private readonly options: Required<ModelOptions>,
  ) {}

  static async create(options: ModelOptions = {}): Promise<Models> {
    await wasmBackend();
    const Human = (require(join(humanDist, 'human.node-wasm.js')) as { Human: HumanConstructor }).Human;
    const settings: Required<ModelOptions> = {
      minFaceConfidence: options.minFaceConfidence ?? 0.5,
      minObjectConfidence: options.minObjectConfidence ?? 0.4,
      maxFaces: options.maxFaces ?? 20,
    };
    const human = new Human({
      backend: 'wasm',
      wasmPath: `${wasmDist}/`,
      modelBasePath: `file://${join(humanDist, '../models')}/`,
      debug: false,
      async: false,
      cacheSensitivity: 0,
      face: {
        enabled: true,
        detector: { rotation: false, maxDetected: settings.maxFaces, minConfidence: settings.minFaceConfidence, return: false },
        mesh: { enabled: true },
        iris: { enabled: false },
        description: { enabled: true },
        emotion: { enabled: false },
        antispoof: { enabled: false },
        liveness: { enabled: false },
      },
      body: { enabled: false },
      hand: { enabled: false },
      object: { enabled: true, modelPath: 'centernet.json', minConfidence: Math.min(0.3, settings.minObjectConfidence), maxDetected: 20 },
      gesture: { enabled: false },
      segmentation: { enabled: false },
    });
    human.tf.io.registerLoadRouter(fileModelRouter);
    await human.load();
    await human.warmup();
    return new Models(human, settings);
  }

  get backend(): string {
    return tf.getBackend();
  }

  /**
   * Faces (and, when asked, objects) in one frame. Which models run is given on every call: human keeps the last
   * call's settings otherwise.
   */
  async analyse(frame: RgbFrame, what: { objects: boolean }): Promise<{ faces: DetectedFace[]; objects: DetectedObject[] }> {
    const input = tf.tensor4d(frame.rgb, [1, frame.height, frame.width, 3], 'int32');
    try {
      const result = await this.human.detect(input, { face: { enabled: true }, object: { enabled: what.objects } });
      if (result.error) throw new Error(result.error);
      const faces = result.face
        .filter((face) => face.boxScore >= this.options.minFaceConfidence && face.embedding !== undefined && face.embedding.length > 0)
        .map((face) => ({
          box: fraction(face.box, frame.width, frame.height),
          confidence: face.boxScore,
          embedding: Float32Array.from(face.embedding!),
        }))
        .sort((a, b) => b.confidence - a.confidence);
      const objects = what.objects
        ? result.object
            .filter((o) => o.score >= this.options.minObjectConfidence)
            .map((o) => ({ label: o.label, confidence: o.score, box: fraction(o.box, frame.width, frame.height) }))
        : [];
      return { faces, objects };
    } finally {
      input.dispose();
    }
  }

  /** Faces in a JPEG or PNG (or anything sharp decodes), best first: registry photos. */
  async detect(image: Buffer): Promise<DetectedFace[]> {
    return (await this.analyse(await decode(image), { objects: false })).faces;
  }

  /** Objects in a JPEG or PNG. */
  async objects(image: Buffer): Promise<DetectedObject[]> {
    return (await this.analyse(await decode(image), { objects: true })).objects;
  }
}

/** An image file as an RGB frame. */
export async function decode(image: Buffer): Promise<RgbFrame> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { rgb: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.height };
}
