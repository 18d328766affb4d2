import type { VigilClient } from './client.js';
import { Gallery } from './gallery.js';
import type { Models } from './models.js';

export interface GalleryLog {
  info(message: string): void;
  warn(message: string): void;
}

/**
 * The galleries of the buildings an analyzer works in, kept in step with each building's registry: the server says
 * when anything changed (a version), new photos are embedded (each photo once: its uuid changes when it is replaced),
 * and people who left the registry are dropped from the next match on.
 */
export class GalleryBook {
  private readonly galleries = new Map<string, { gallery: Gallery; version: string | null }>();
  /** embeddings by photo uuid; null: no face found in that photo */
  private readonly embedded = new Map<string, Float32Array | null>();

  constructor(
    private readonly client: VigilClient,
    private readonly models: Models,
    private readonly log: GalleryLog,
  ) {}

  gallery(domain: string): Gallery {
    let entry = this.galleries.get(domain);
    if (!entry) {
      entry = { gallery: new Gallery(), version: null };
      this.galleries.set(domain, entry);
    }
    return entry.gallery;
  }

  /** Forgets the buildings it no longer works in. */
  keepOnly(domains: ReadonlySet<string>): void {
    for (const [domain, entry] of this.galleries)
      if (!domains.has(domain)) {
        entry.gallery.dispose();
        this.galleries.delete(domain);
      }
  }

  /** Brings one building's gallery up to date with its registry. */
  async sync(domain: string): Promise<void> {
    const gallery = this.gallery(domain);
    const entry = this.galleries.get(domain)!;
    const reply = await this.client.gallery(domain, entry.version);
    if (!reply.changed) return;
    const present = new Set<string>();
    for (const person of reply.people) {
      present.add(person.frontend_face_uuid);
      const embeddings: Float32Array[] = [];
      for (const image of person.images) {
        let embedding = this.embedded.get(image.uuid);
        if (embedding === undefined) {
          embedding = await this.embed(image.url);
          this.embedded.set(image.uuid, embedding);
          if (!embedding) this.log.warn(`no face found in a registry photo of ${person.frontend_face_uuid} (${image.orientation})`);
        }
        if (embedding) embeddings.push(embedding);
      }
      gallery.set(person.frontend_face_uuid, embeddings);
    }
    for (const known of gallery.ids()) if (!present.has(known)) gallery.remove(known);
    entry.version = reply.version;
    this.log.info(`gallery of ${domain}: ${gallery.size} people (version ${reply.version})`);
  }

  /** The embedding of the largest face in a photo, or null when there is none. */
  private async embed(url: string): Promise<Float32Array | null> {
    const faces = await this.models.detect(await this.client.download(url));
    const largest = [...faces].sort((a, b) => b.box.w * b.box.h - a.box.w * a.box.h)[0];
    return largest?.embedding ?? null;
  }
}
