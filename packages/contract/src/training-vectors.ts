// Embeddings as the trainer and the match finder handle them: unit vectors, dot products, cosines. Pure.

/** Unit length (a dot product is the cosine); null for a zero vector. */
export function unit(v: Float32Array): Float32Array | null {
  let n = 0;
  for (let i = 0; i < v.length; i++) n += v[i]! * v[i]!;
  if (n === 0) return null;
  const s = 1 / Math.sqrt(n);
  return Float32Array.from(v, (x) => x * s);
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
