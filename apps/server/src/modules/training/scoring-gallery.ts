import { PRIOR_CALIBRATION, unit, type ModelCalibration } from '@vigil/contract';
import type { Clock } from '../../lib/clock.js';
import { floats } from '../../db/vectors.js';
import { readCalibration } from './model-codec.js';
import type { ModelsRepository } from './models.repository.js';
import type { TrainingRepository } from './training.repository.js';

/** What a face is scored against on the server (badge taps): whose each row is, unit rows, and the curve. */
export interface PeopleGallery {
  calibration: Pick<ModelCalibration, 'w_sim' | 'w_margin' | 'bias' | 'threshold'>;
  dims: number;
  owners: string[];
  vectors: Float32Array;
  /** the loaded model's uuid, or null: registry photos and confirmed faces on the prior curve */
  model: string | null;
}

/** How long a building's gallery is reused before it is read again (a model load or a new photo shows within it). */
const FRESH_MS = 30_000;
/** Confirmed faces read when there is no model (newest first); photos are all read. */
const CONFIRMED_LIMIT = 5_000;

/**
 * The same scale the analyzers use, for the server's own scoring: the building's loaded model (its prototypes and
 * fitted curve) when it was made by the embedder the faces were, otherwise the registry photos and confirmed faces on
 * the prior curve (the analyzers' own fallback). People the building may not recognise are left out.
 */
export class ScoringGalleries {
  private readonly cache = new Map<string, { at: number; gallery: PeopleGallery | null }>();

  constructor(
    private readonly d: {
      models: ModelsRepository;
      training: TrainingRepository;
      consent: { unrecognisable(domain: string): Promise<ReadonlySet<string>> };
      clock: Clock;
    },
  ) {}

  async of(domain: string, embedder: string): Promise<PeopleGallery | null> {
    const key = `${domain}|${embedder}`;
    const hit = this.cache.get(key);
    const now = this.d.clock.now();
    if (hit && now - hit.at < FRESH_MS) return hit.gallery;
    const gallery = await this.read(domain, embedder);
    this.cache.set(key, { at: now, gallery });
    return gallery;
  }

  private async read(domain: string, embedder: string): Promise<PeopleGallery | null> {
    const excluded = await this.d.consent.unrecognisable(domain);
    const loaded = await this.d.models.loadedRow(domain);
    if (loaded?.status === 'ready' && loaded.embedder === embedder) {
      const row = await this.d.models.byUuid(loaded.uuid);
      if (row?.calibration && row.prototypes) {
        const stored = readCalibration(row.calibration);
        const all = floats(row.prototypes);
        const rows = stored.owners.flatMap((owner, i) =>
          excluded.has(owner) ? [] : [{ person: owner, vector: all.subarray(i * stored.dims, (i + 1) * stored.dims) }],
        );
        return pack(rows, stored.dims, stored, row.uuid);
      }
    }
    const rows = (await this.d.training.galleryVectors(domain, embedder, CONFIRMED_LIMIT))
      .filter((r) => !excluded.has(r.person))
      .map((r) => ({ person: r.person, vector: floats(r.vector) }));
    const dims = rows[0]?.vector.length ?? 0;
    return dims === 0 ? null : pack(rows, dims, PRIOR_CALIBRATION, null);
  }
}

function pack(
  rows: readonly { person: string; vector: Float32Array }[],
  dims: number,
  calibration: PeopleGallery['calibration'],
  model: string | null,
): PeopleGallery {
  const owners: string[] = [];
  const vectors = new Float32Array(rows.length * dims);
  for (const row of rows) {
    const u = row.vector.length === dims ? unit(row.vector) : null;
    if (!u) continue;
    vectors.set(u, owners.length * dims);
    owners.push(row.person);
  }
  const { w_sim, w_margin, bias, threshold } = calibration;
  return { calibration: { w_sim, w_margin, bias, threshold }, dims, owners, vectors: vectors.subarray(0, owners.length * dims), model };
}
