import type { GalleryReply, ModelCalibration } from '@vigil/contract';
import type { VigilClient } from './client.js';
import { EMBEDDER } from './embedder.js';
import { Gallery } from './gallery.js';
import type { ModelRunner } from './model-pool.js';

export interface GalleryLog {
  info(message: string): void;
  warn(message: string): void;
}

/** A building's loaded model as an analyzer uses it: its curve and threshold, and each person's prototypes. */
export interface LoadedModel {
  uuid: string;
  label: string;
  calibration: ModelCalibration;
  prototypes: Map<string, Float32Array[]>;
  /** of the prototypes fetched: another when a person was erased from it or consent changed (even with the same count) */
  version: string;
}

/**
 * The galleries of the buildings an analyzer works in, kept in step with each building's registry and loaded model:
 * the server says when anything changed (a version), new photos are embedded (each photo once: its uuid changes when
 * it is replaced) and their embeddings sent to the server (models train on them), people who left the registry are
 * dropped from the next match on, and a model loaded by staff adds its prototypes and brings its calibration.
 */
export class GalleryBook {
  private readonly galleries = new Map<string, { gallery: Gallery; version: string | null; model: LoadedModel | null }>();
  /** embeddings by photo uuid; null: no face found in that photo */
  private readonly embedded = new Map<string, Float32Array | null>();
  /** the photos of each person in a gallery: forgotten with them when they leave it */
  private readonly photosOf = new Map<string, string[]>();

  constructor(
    private readonly client: VigilClient,
    private readonly models: Pick<ModelRunner, 'detect'>,
    private readonly log: GalleryLog,
  ) {}

  gallery(domain: string): Gallery {
    let entry = this.galleries.get(domain);
    if (!entry) {
      entry = { gallery: new Gallery(), version: null, model: null };
      this.galleries.set(domain, entry);
    }
    return entry.gallery;
  }

  /** The building's loaded model (of this analyzer's embedder), or null: the registry photos and the default curve. */
  model(domain: string): LoadedModel | null {
    return this.galleries.get(domain)?.model ?? null;
  }

  /** Forgets the buildings it no longer works in. */
  keepOnly(domains: ReadonlySet<string>): void {
    for (const [domain, entry] of this.galleries)
      if (!domains.has(domain)) {
        entry.gallery.dispose();
        this.galleries.delete(domain);
      }
  }

  /** Brings one building's gallery up to date with its registry and its loaded model. */
  async sync(domain: string): Promise<void> {
    const gallery = this.gallery(domain);
    const entry = this.galleries.get(domain)!;
    const reply = await this.client.gallery(domain, entry.version, EMBEDDER);
    if (!reply.changed) return;
    const model = await this.loadModel(domain, reply.model, entry.model);
    const present = new Set<string>();
    const fresh: { image_uuid: string; embedding: string }[] = [];
    for (const person of reply.people) {
      present.add(person.frontend_face_uuid);
      this.photosOf.set(
        person.frontend_face_uuid,
        person.images.map((image) => image.uuid),
      );
      const embeddings: Float32Array[] = [];
      for (const image of person.images) {
        let embedding = this.embedded.get(image.uuid);
        if (embedding === undefined) {
          embedding = await this.embed(image.url);
          this.embedded.set(image.uuid, embedding);
          if (!embedding) this.log.warn(`no face found in a registry photo of ${person.frontend_face_uuid} (${image.orientation})`);
          else
            fresh.push({
              image_uuid: image.uuid,
              embedding: Buffer.from(embedding.buffer, embedding.byteOffset, embedding.byteLength).toString('base64'),
            });
        }
        if (embedding) embeddings.push(embedding);
      }
      // A model's prototypes count only for people still in the registry (a deleted person stops matching at once).
      embeddings.push(...(model?.prototypes.get(person.frontend_face_uuid) ?? []));
      gallery.set(person.frontend_face_uuid, embeddings);
    }
    // Someone who left (deleted, or their consent withdrawn): nothing of their face stays here; back in the gallery,
    // their photos are embedded and sent to the server again.
    for (const known of gallery.ids())
      if (!present.has(known)) {
        gallery.remove(known);
        for (const image of this.photosOf.get(known) ?? []) this.embedded.delete(image);
        this.photosOf.delete(known);
      }
    entry.version = reply.version;
    entry.model = model;
    this.log.info(`gallery of ${domain}: ${gallery.size} people (version ${reply.version})${model ? `, model ${model.label}` : ''}`);
    // Kept by the server for training; a failure costs nothing here (they are sent again after a restart).
    for (let i = 0; i < fresh.length; i += 100)
      await this.client
        .photoEmbeddings(domain, EMBEDDER, fresh.slice(i, i + 100))
        .catch((err: unknown) => this.log.warn(`registry photo embeddings of ${domain} not sent: ${String(err)}`));
  }

  /** The loaded model, fetched when it changed; none when the building has none or it is another embedder's. */
  private async loadModel(domain: string, named: GalleryReply['model'], had: LoadedModel | null): Promise<LoadedModel | null> {
    if (!named || named.embedder !== EMBEDDER) return null;
    // The same model in another version: someone was erased from it or consent changed (prototypes went or came, maybe as
    // many as before).
    if (had?.uuid === named.uuid && had.version === named.version) return had;
    const reply = await this.client.modelPrototypes(domain, named.uuid);
    const bytes = Buffer.from(reply.vectors, 'base64');
    const prototypes = new Map<string, Float32Array[]>();
    reply.owners.forEach((owner, i) => {
      const vector = new Float32Array(reply.dims);
      for (let d = 0; d < reply.dims; d++) vector[d] = bytes.readFloatLE((i * reply.dims + d) * 4);
      prototypes.set(owner, [...(prototypes.get(owner) ?? []), vector]);
    });
    this.log.info(`model ${named.label} of ${domain}: ${reply.owners.length} prototypes of ${prototypes.size} people`);
    // The reply's own version: what changed since the gallery named it is fetched at the next poll, not twice.
    return { uuid: named.uuid, label: named.label, calibration: named.calibration, prototypes, version: reply.version };
  }

  /** The embedding of the largest face in a photo, or null when there is none. */
  private async embed(url: string): Promise<Float32Array | null> {
    const faces = await this.models.detect(await this.client.download(url));
    const largest = [...faces].sort((a, b) => b.box.w * b.box.h - a.box.w * a.box.h)[0];
    return largest?.embedding ?? null;
  }
}
