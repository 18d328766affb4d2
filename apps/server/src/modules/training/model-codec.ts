import type { ModelCalibration } from '@vigil/contract';

/** How a model's prototypes are stored: float32 rows (`prototypes` bytes) and whose each row is (in `calibration`'s JSON). */
export interface StoredCalibration extends ModelCalibration {
  dims: number;
  owners: string[];
}

/** A trained model's calibration and prototypes as the face_models row keeps them. */
export function encodeModel(
  calibration: ModelCalibration,
  prototypes: readonly { identity: string; vector: Float32Array }[],
  dims: number,
): { calibration: string; prototypes: Buffer } {
  const stored: StoredCalibration = { ...calibration, dims, owners: prototypes.map((p) => p.identity) };
  const bytes = Buffer.alloc(prototypes.length * dims * 4);
  prototypes.forEach((p, i) => bytes.set(new Uint8Array(p.vector.buffer, p.vector.byteOffset, p.vector.byteLength), i * dims * 4));
  return { calibration: JSON.stringify(stored), prototypes: bytes };
}

export const readCalibration = (json: string): StoredCalibration => JSON.parse(json) as StoredCalibration;

/**
 * A stored model without one person's prototypes (an erasure): the other rows as they were, the owners list without
 * them. `removed` is how many rows went (0: the model did not know them, and nothing changed).
 */
export function withoutOwner(
  calibration: string,
  prototypes: Uint8Array,
  owner: string,
): { calibration: string; prototypes: Buffer; removed: number } {
  const stored = readCalibration(calibration);
  const rowBytes = stored.dims * 4;
  const kept: Buffer[] = [];
  const owners: string[] = [];
  stored.owners.forEach((o, i) => {
    if (o === owner) return;
    owners.push(o);
    kept.push(Buffer.from(prototypes.subarray(i * rowBytes, (i + 1) * rowBytes)));
  });
  const removed = stored.owners.length - owners.length;
  return { calibration: JSON.stringify({ ...stored, owners }), prototypes: Buffer.concat(kept), removed };
}
