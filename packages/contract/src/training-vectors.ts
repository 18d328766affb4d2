// Embeddings as the trainer and the match finder handle them: unit vectors, dot products, cosines. Pure.
import { seededRandom } from './training-metrics.js';

/** Unit length (a dot product is the cosine); null for a zero vector. */
export function unit(v: Float32Array): Float32Array | null {
  let n = 0;
  for (let i = 0; i < v.length; i++) n += v[i]! * v[i]!;
  if (n === 0) return null;
  const s = 1 / Math.sqrt(n);
  // A plain loop: Float32Array.from with a function costs about 100 ns a number in V8 (a tenth of a millisecond for one
  // 1024-number embedding).
  const out = new Float32Array(v.length);
  for (let i = 0; i < v.length; i++) out[i] = v[i]! * s;
  return out;
}

export function dot(a: Float32Array, b: Float32Array, bOffset = 0): number {
  // Four sums at once: about twice as fast in V8 as one (the hot loop of training: held-out faces × prototypes).
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  const n = a.length - (a.length % 4);
  let i = 0;
  for (; i < n; i += 4) {
    s0 += a[i]! * b[bOffset + i]!;
    s1 += a[i + 1]! * b[bOffset + i + 1]!;
    s2 += a[i + 2]! * b[bOffset + i + 2]!;
    s3 += a[i + 3]! * b[bOffset + i + 3]!;
  }
  for (; i < a.length; i++) s0 += a[i]! * b[bOffset + i]!;
  return s0 + s1 + s2 + s3;
}

/** The cosine of a unit vector and any vector (0 when it is all zeros; never below 0). */
export function cosine(unitProbe: Float32Array, v: Float32Array): number {
  const norm = Math.sqrt(dot(v, v));
  return norm === 0 ? 0 : Math.max(0, dot(unitProbe, v) / norm);
}

/** The match finder's short code of an embedding: 256 bits, 8 32-bit words (32 bytes). */
export const FINDER_CODE_WORDS = 8;

const finderSigns = new Map<number, { signs: Float32Array; rows: Int32Array }>();

/** Random ±1 signs and 256 distinct rows of a power-of-two Hadamard transform, the same for every vector of that size. */
function finderTransform(size: number): { signs: Float32Array; rows: Int32Array } {
  let t = finderSigns.get(size);
  if (!t) {
    const random = seededRandom(0x5eed ^ size);
    const signs = Float32Array.from({ length: size }, () => (random() < 0.5 ? -1 : 1));
    const order = Int32Array.from({ length: size }, (_, i) => i);
    for (let i = size - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    t = { signs, rows: order.slice(0, FINDER_CODE_WORDS * 32) };
    finderSigns.set(size, t);
  }
  return t;
}

/**
 * An embedding's 256-bit code for the match finder's first pass (sign random projections: the number of bits two codes
 * differ in estimates the angle between their vectors, θ ≈ π·bits/256). The projections are a randomised Hadamard
 * transform (random signs, then the fast Walsh–Hadamard transform, 256 of its outputs): orthogonal, and O(d log d) —
 * a 1024-number embedding's code in about 10,000 additions instead of the 262,144 multiplications of a dense random
 * matrix. Written here because it is 30 lines and no npm package offers it for plain arrays.
 */
export function finderCode(vector: Float32Array): Int32Array {
  let size = 256;
  while (size < vector.length) size *= 2;
  const { signs, rows } = finderTransform(size);
  const x = new Float32Array(size);
  for (let i = 0; i < vector.length; i++) x[i] = vector[i]! * signs[i]!;
  for (let h = 1; h < size; h *= 2)
    for (let i = 0; i < size; i += h * 2)
      for (let j = i; j < i + h; j++) {
        const a = x[j]!;
        const b = x[j + h]!;
        x[j] = a + b;
        x[j + h] = a - b;
      }
  const code = new Int32Array(FINDER_CODE_WORDS);
  for (let bit = 0; bit < rows.length; bit++) if (x[rows[bit]!]! > 0) code[bit >>> 5]! |= 1 << (bit & 31);
  return code;
}

/**
 * An embedding in 8-bit numbers (its largest magnitude at 127) for the match finder's exact pass: a quarter of the bytes
 * to read, and a cosine within about 0.001 of the float32 one (the scale cancels out in a cosine).
 */
export function bytes8(vector: Float32Array): Int8Array {
  let largest = 0;
  for (let i = 0; i < vector.length; i++) largest = Math.max(largest, Math.abs(vector[i]!));
  const out = new Int8Array(vector.length);
  if (largest === 0) return out;
  const scale = 127 / largest;
  for (let i = 0; i < vector.length; i++) out[i] = Math.round(vector[i]! * scale);
  return out;
}

/** Bits set in a 32-bit word. */
export function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}
