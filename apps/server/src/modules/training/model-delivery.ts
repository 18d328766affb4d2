import { createHash } from 'node:crypto';
import { MODEL_MESSAGES, type ModelCalibration } from '@vigil/contract';
import type { Clock } from '../../lib/clock.js';
import { readCalibration } from './model-codec.js';
import type { ModelsRepository } from './models.repository.js';

/** An analyzer that asked for a gallery this recently is working in the building. */
const ANALYZERS_SEEN_MS = 60_000;

/** What the analyzers are told of a building's loaded model (in the gallery reply); the prototypes come apart. */
export interface LoadedModel {
  uuid: string;
  label: string;
  embedder: string;
  calibration: ModelCalibration;
  dims: number;
  prototypes: number;
  /** of what /model delivers: the analyzers fetch the prototypes again when it changes */
  version: string;
}

/**
 * The version of a model's delivered prototypes: whose rows are delivered, in order (a model's rows never change in
 * place; an erasure or a consent change adds or takes whole people), so two deliveries of the same count differ.
 */
export function deliveryVersion(calibration: string, delivered: readonly string[]): string {
  return createHash('sha256').update(calibration).update('\n').update(delivered.join(',')).digest('base64url').slice(0, 16);
}

/**
 * The loaded model as the analyzers get it (its calibration at every gallery poll, its prototypes on request, both
 * without people the building may not recognise), and what the model page says of it: applied once an analyzer
 * fetched it, unused when the building's analyzers embed with another embedder.
 */
export class ModelDelivery {
  /** per building: the model uuid an analyzer last fetched (whether the loaded one is applied) */
  private readonly fetched = new Map<string, string>();
  /** per building: the embedders of the analyzers that asked for its gallery, and when they last did */
  private readonly embedders = new Map<string, Map<string, number>>();

  constructor(
    private readonly d: {
      models: ModelsRepository;
      clock: Clock;
      consent: { unrecognisable(domain: string): Promise<ReadonlySet<string>> };
    },
  ) {}

  /** An analyzer asked for the building's gallery, with the embedder it makes vectors with. */
  sawAnalyzer(domain: string, embedder: string): void {
    const seen = this.embedders.get(domain) ?? new Map<string, number>();
    seen.set(embedder, this.d.clock.now());
    this.embedders.set(domain, seen);
  }

  /** Whether the loaded model reached the analyzers: fetched by one, or unused by all (the page's text). */
  reach(domain: string, uuid: string, embedder: string | null): { applied: boolean; unused: string | null } {
    const now = this.d.clock.now();
    const recent = [...(this.embedders.get(domain) ?? new Map<string, number>())]
      .filter(([, at]) => now - at <= ANALYZERS_SEEN_MS)
      .map(([name]) => name);
    const unused =
      embedder && recent.length > 0 && !recent.includes(embedder) ? MODEL_MESSAGES.otherEmbedder(embedder, recent.sort().join(', ')) : null;
    return { applied: this.fetched.get(domain) === uuid, unused };
  }

  /** The building's loaded model as the analyzers are told of it (null: none; they use the registry photos alone). */
  async loaded(domain: string): Promise<LoadedModel | null> {
    // Asked at every analyzer's gallery poll: one query, without the prototypes' bytes.
    const row = await this.d.models.loadedRow(domain);
    if (!row || row.status !== 'ready' || !row.calibration || !row.embedder) return null;
    const stored = readCalibration(row.calibration);
    const excluded = await this.d.consent.unrecognisable(domain);
    const delivered = stored.owners.filter((o) => !excluded.has(o));
    return {
      uuid: row.uuid,
      label: row.label,
      embedder: row.embedder,
      calibration: { w_sim: stored.w_sim, w_margin: stored.w_margin, bias: stored.bias, threshold: stored.threshold },
      dims: stored.dims,
      prototypes: delivered.length,
      version: deliveryVersion(row.calibration, delivered),
    };
  }

  /**
   * A loaded model's prototypes for an analyzer (whose each is, and the float32 rows, base64), without those of people
   * the building may not recognise; marks it applied.
   */
  async prototypes(
    domain: string,
    uuid: string,
  ): Promise<{ uuid: string; version: string; dims: number; owners: string[]; vectors: string } | null> {
    const current = await this.d.models.current(domain);
    if (current?.model_uuid !== uuid) return null;
    const row = await this.d.models.byUuid(uuid);
    if (!row?.calibration || !row.prototypes) return null;
    const stored = readCalibration(row.calibration);
    const excluded = await this.d.consent.unrecognisable(domain);
    const bytes = Buffer.from(row.prototypes);
    const rowBytes = stored.dims * 4;
    const kept = stored.owners.flatMap((owner, i) => (excluded.has(owner) ? [] : [i]));
    const vectors =
      kept.length === stored.owners.length ? bytes : Buffer.concat(kept.map((i) => bytes.subarray(i * rowBytes, (i + 1) * rowBytes)));
    this.fetched.set(domain, uuid);
    const owners = kept.map((i) => stored.owners[i]!);
    return { uuid, version: deliveryVersion(row.calibration, owners), dims: stored.dims, owners, vectors: vectors.toString('base64') };
  }
}
