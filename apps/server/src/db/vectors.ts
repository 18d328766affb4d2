// Embeddings as the server stores them: raw little-endian float32 bytes (the vector maths is the contract's).

/** The float32 numbers of stored bytes (copied: a row's buffer may be shared). */
export function floats(bytes: Buffer | Uint8Array): Float32Array {
  const copy = Buffer.from(bytes);
  return new Float32Array(copy.buffer, copy.byteOffset, copy.length / 4);
}
