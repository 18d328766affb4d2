import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  ANALYZER,
  analyzerCameraReportSchema,
  assignCameras,
  type AnalyzerChangesReply,
  type AnalyzerHeartbeatReply,
  type CameraAnalysis,
  type GalleryReply,
  type analyzerHeartbeatBodySchema,
  type photoEmbeddingsBodySchema,
} from '@vigil/contract';
import type { z } from 'zod';
import { requireEntitlement, type Principal } from '../../auth/principal.js';
import type { Db } from '../../db/database.js';
import type { SqlDialect } from '../../db/dialect.js';
import type { CameraRow } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { HttpError, badRequest, forbidden, notFound } from '../../lib/http-error.js';
import type { MediaSigner } from '../../media/signing.js';
import type { Wakeups } from '../../lib/wakeups.js';
import type { FacesPort } from '../faces/faces.port.js';
import type { ModelsService } from '../training/models.service.js';
import { keyDomains, type DetectorsService, type KeyHolder } from '../ingest/detectors.service.js';
import type { CameraDirectory } from '../video/cameras.port.js';
import type { AnalyzersRepository } from './analyzers.repository.js';

type HeartbeatBody = z.output<typeof analyzerHeartbeatBodySchema>;
const iso = (ms: number) => new Date(ms).toISOString();
const GALLERY_URL_TTL_MS = 6 * 3600_000;
const HOUR_MS = 3600_000;

/** The version of what an analyzer holds (its cameras, each an exit or not): equal states, equal versions, on any server. */
export function holdingVersion(cameras: readonly { camera_uuid: string; is_exit: boolean }[]): string {
  const state = cameras
    .map((c) => `${c.camera_uuid}:${c.is_exit ? 1 : 0}`)
    .sort()
    .join(',');
  return createHash('sha256').update(state).digest('base64url').slice(0, 22);
}

/**
 * The analyzers' side of Vigil: cameras shared out by expiring leases (an analyzer that stops reporting loses its
 * cameras to the others within ANALYZER.leaseSeconds), the live video a lease opens, the gallery of registry photos,
 * and what staff see of it all.
 */
export class AnalyzersService {
  constructor(
    private readonly d: {
      analyzers: AnalyzersRepository;
      detectors: DetectorsService;
      cameras: CameraDirectory;
      faces: FacesPort;
      /** the building's loaded face model (training) */
      models: Pick<ModelsService, 'loaded' | 'prototypes' | 'sawAnalyzer'>;
      signer: MediaSigner;
      secret: Buffer;
      db: Db;
      /** serialises heartbeats (PostgreSQL's advisory lock; SQLite writes one at a time anyway) */
      dialect: Pick<SqlDialect, 'lockKey'>;
      clock: Clock;
      /** the long poll of changes (GET /api/ingest/v1/analyzers/changes) */
      changes: {
        /** woken when cameras change in this process (an exit set, a camera deleted); closed when the server closes */
        wakeups: Wakeups;
        /** how long a poll waits for a change at most (below the server's idle-connection timeout) */
        waitMs: number;
        /** how often a waiting poll looks at the database, for changes made by other processes (the CLI, other servers) */
        checkMs: number;
      };
    },
  ) {}

  /** The cameras a key may analyse: its building's, or every building's but those where it was revoked. */
  private async camerasFor(holder: KeyHolder): Promise<CameraRow[]> {
    const domains = keyDomains(holder);
    if (domains) return this.d.cameras.inDomain(domains[0]!);
    const revoked = await this.d.detectors.revokedDomainsOf(holder.keyId);
    return (await this.d.cameras.all()).filter((c) => !revoked.has(c.domain_uuid));
  }

  async heartbeat(holder: KeyHolder, body: HeartbeatBody): Promise<AnalyzerHeartbeatReply> {
    const cameras = new Map((await this.camerasFor(holder)).map((c) => [c.uuid, c]));
    const now = this.d.clock.now();
    const expiresAt = now + ANALYZER.leaseSeconds * 1000;
    const held = await this.d.db.transaction().execute(async (trx) => {
      // One heartbeat at a time decides: two analyzers never take the same camera.
      await this.d.dialect.lockKey(trx, 'analyzers');
      const known = await this.d.analyzers.touchAnalyzer(trx, {
        id: body.analyzer_id,
        name: body.name,
        keyId: holder.keyId,
        capacity: body.capacity,
        now,
      });
      if (!known) throw new HttpError(409, 'This analyzer id is in use with another key: pick a new one.');
      await this.d.detectors.touchKey(trx, holder, now);
      const inScope = [...cameras.keys()];
      const leases = await this.d.analyzers.leasesOn(trx, inScope);
      const analyzers = await this.d.analyzers.liveAnalyzers(trx, holder.keyId, now - ANALYZER.leaseSeconds * 1000);
      const plan = assignCameras({ analyzer: body.analyzer_id, cameras: inScope, leases, analyzers, now });
      // Leases on cameras it may no longer analyse (deleted, or out of the key's reach) end too.
      const outOfScope = (await this.d.analyzers.heldBy(trx, body.analyzer_id)).map((l) => l.camera_uuid).filter((c) => !cameras.has(c));
      await this.d.analyzers.release(trx, body.analyzer_id, [...plan.release, ...outOfScope]);
      await this.d.analyzers.renew(trx, body.analyzer_id, plan.keep, expiresAt);
      const ids = new Map(leases.filter((l) => plan.keep.includes(l.camera)).map((l) => [l.camera, l.leaseId]));
      for (const camera of plan.take) {
        const leaseId = randomUUID();
        if (await this.d.analyzers.take(trx, { camera, analyzer: body.analyzer_id, leaseId, now, expiresAt })) ids.set(camera, leaseId);
      }
      await this.d.analyzers.saveReports(
        trx,
        body.analyzer_id,
        body.cameras.filter((r) => ids.has(r.camera_uuid)),
        now,
      );
      return ids;
    });
    return {
      ok: true,
      lease_seconds: ANALYZER.leaseSeconds,
      heartbeat_seconds: ANALYZER.heartbeatSeconds,
      // from the same reading of the cameras as the assignments: a change made since makes the long poll answer at once
      changes_version: holdingVersion(
        [...held.keys()].map((camera) => ({ camera_uuid: camera, is_exit: cameras.get(camera)!.is_exit === 1 })),
      ),
      assignments: [...held].map(([camera, leaseId]) => {
        const row = cameras.get(camera)!;
        return {
          camera_uuid: camera,
          domain_uuid: row.domain_uuid,
          description: row.description,
          is_exit: row.is_exit === 1,
          live_url: `/media/analyzer/${this.liveToken(leaseId)}/${camera}/index.m3u8`,
          stream_url: `/media/analyzer/${this.liveToken(leaseId)}/${camera}/stream.mp4`,
          lease_expires_at: iso(expiresAt),
        };
      }),
    };
  }

  /**
   * GET /api/ingest/v1/analyzers/changes: what the analyzer holds, as soon as it differs from `since` (at once when it
   * does already), else `changed: false` after the wait. It wakes on a change made in this process, looks at the
   * database every `checkMs` for other processes' changes, and ends early when its client goes (`signal`) or the server
   * closes (then without reading the database again). An analyzer id is its key's alone: another key's is 404.
   */
  async changes(holder: KeyHolder, analyzerId: string, since: string | undefined, signal: AbortSignal): Promise<AnalyzerChangesReply> {
    if ((await this.d.analyzers.keyOf(analyzerId)) !== holder.keyId)
      throw notFound('No analyzer with this id reports with this key: send a heartbeat first.');
    const { wakeups, waitMs, checkMs } = this.d.changes;
    const deadline = Date.now() + waitMs;
    let cameras = await this.d.analyzers.exitsHeldBy(analyzerId, this.d.clock.now());
    for (;;) {
      const version = holdingVersion(cameras);
      if (version !== since) return { ok: true, changed: true, version, cameras };
      const left = deadline - Date.now();
      if (left <= 0 || wakeups.closed || signal.aborted) return { ok: true, changed: false, version, cameras };
      await wakeups.wait(Math.min(left, checkMs), signal);
      if (wakeups.closed || signal.aborted) return { ok: true, changed: false, version, cameras };
      cameras = await this.d.analyzers.exitsHeldBy(analyzerId, this.d.clock.now());
    }
  }

  /** `<lease id>.<MAC>`: names the lease, and cannot be made up from a lease id seen elsewhere. */
  private liveToken(leaseId: string): string {
    return `${leaseId}.${this.mac(leaseId)}`;
  }

  private mac(leaseId: string): string {
    return createHmac('sha256', this.d.secret).update(`analyzer-live:${leaseId}`).digest('base64url').slice(0, 32);
  }

  /** Whether a live token opens this camera's video now (its lease lives). */
  async liveAllowed(token: string, camera: string): Promise<boolean> {
    const match = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{32})$/.exec(token);
    if (!match) return false;
    const expected = Buffer.from(this.mac(match[1]!));
    const given = Buffer.from(match[2]!);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
    return this.d.analyzers.leaseActive(camera, match[1]!, this.d.clock.now());
  }

  /** A building's gallery: everyone in service with a photo, each photo a signed link; unchanged since `version`: no people. */
  async gallery(holder: KeyHolder, domain: string, version?: string, embedder?: string): Promise<GalleryReply & { changed: boolean }> {
    await this.checkDomain(holder, domain);
    if (embedder) this.d.models.sawAnalyzer(domain, embedder);
    const model = await this.d.models.loaded(domain);
    // The registry's version and the loaded model's (what it delivers changes when a person is erased from it or their
    // consent changes): either changing makes the analyzers fetch the gallery again.
    const current = `${await this.d.faces.galleryVersion(domain)}|${model ? `${model.uuid}:${model.version}` : '-'}`;
    if (version === current) return { ok: true, version: current, changed: false, people: [], model };
    const photos = await this.d.faces.galleryPhotos(domain);
    const expires = Math.ceil((this.d.clock.now() + GALLERY_URL_TTL_MS) / HOUR_MS) * HOUR_MS;
    const people = new Map<string, GalleryReply['people'][number]>();
    for (const photo of photos) {
      const person = people.get(photo.face_uuid) ?? { frontend_face_uuid: photo.face_uuid, images: [] };
      person.images.push({ uuid: photo.uuid, orientation: photo.orientation, url: this.d.signer.sign(photo.file, expires) });
      people.set(photo.face_uuid, person);
    }
    return { ok: true, version: current, changed: true, people: [...people.values()], model };
  }

  /** GET /api/ingest/v1/model: the loaded model's prototypes (404 when that model is not the building's loaded one). */
  async modelPrototypes(holder: KeyHolder, domain: string, uuid: string) {
    await this.checkDomain(holder, domain);
    const prototypes = await this.d.models.prototypes(domain, uuid);
    if (!prototypes) throw notFound('That model is not the one this building has loaded.');
    return { ok: true as const, ...prototypes };
  }

  /** POST /api/ingest/v1/gallery/embeddings: registry photos' embeddings, kept per embedder (models train on them). */
  async storePhotoEmbeddings(holder: KeyHolder, body: z.output<typeof photoEmbeddingsBodySchema>): Promise<{ ok: true; stored: number }> {
    await this.checkDomain(holder, body.domain_uuid);
    const rows = body.photos.map((p) => ({ image_uuid: p.image_uuid, vector: Buffer.from(p.embedding, 'base64') }));
    if (rows.some((r) => r.vector.length === 0 || r.vector.length % 4 !== 0))
      throw badRequest('photos[].embedding: little-endian float32 numbers, base64.');
    const stored = await this.d.faces.storePhotoEmbeddings(body.domain_uuid, body.embedder, rows, this.d.clock.now());
    return { ok: true, stored };
  }

  private async checkDomain(holder: KeyHolder, domain: string): Promise<void> {
    const domains = keyDomains(holder);
    const revoked = holder.kind === 'deployment' ? await this.d.detectors.revokedDomainsOf(holder.keyId) : new Set<string>();
    if ((domains && !domains.includes(domain)) || revoked.has(domain)) throw forbidden('This detector key is not for that building.');
  }

  /** Per camera of a building, for whoever may see its cameras: analysed or not, by whom, and how it goes. */
  async status(principal: Principal, domain: string): Promise<{ ok: true; cameras: CameraAnalysis[] }> {
    requireEntitlement(principal, domain, 'video');
    const now = this.d.clock.now();
    const rows = await this.d.analyzers.statusOf(domain, now);
    return {
      ok: true,
      cameras: rows.map((r) => {
        const parsed = r.report ? analyzerCameraReportSchema.omit({ camera_uuid: true }).safeParse(JSON.parse(r.report)) : null;
        return {
          camera_uuid: r.camera_uuid,
          description: r.description,
          analyzer: r.analyzer_id ? { id: r.analyzer_id, name: r.analyzer_name!, last_seen_at: iso(r.last_seen_at!) } : null,
          report: parsed?.success ? parsed.data : null,
          reported_at: r.reported_at === null ? null : iso(r.reported_at),
        };
      }),
    };
  }

  purge(): Promise<void> {
    return this.d.analyzers.purge(this.d.clock.now() - 24 * HOUR_MS);
  }
}
