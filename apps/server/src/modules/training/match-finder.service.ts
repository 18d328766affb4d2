import {
  MATCH_FINDER,
  MATCH_FINDER_MESSAGES,
  centroids,
  dot,
  finderCode,
  formatUtc,
  unit,
  zonedDayStart,
  type matchFinderBodySchema,
  type matchFinderReplySchema,
} from '@vigil/contract';
import type { z } from 'zod';
import { requireEntitlement, type Principal } from '../../auth/principal.js';
import { floats } from '../../db/vectors.js';
import type { Clock } from '../../lib/clock.js';
import { HttpError, badRequest, notFound } from '../../lib/http-error.js';
import type { FrameAvailability } from '../../media/frame-availability.js';
import { signedFrameUrl } from '../../media/frames.js';
import type { MediaSigner } from '../../media/signing.js';
import { actorOfPrincipal, type AuditService } from '../audit/audit.service.js';
import type { DomainDirectory } from '../domains/domains.port.js';
import type { FacesPort } from '../faces/faces.port.js';
import type { CameraDirectory } from '../video/cameras.port.js';
import { estimatedCosine, type FinderIndex } from './finder-index.js';
import type { TrainingRepository } from './training.repository.js';

export interface MatchFinderDeps {
  training: Pick<TrainingRepository, 'personVectors' | 'faceVector' | 'finderFaces'>;
  domains: DomainDirectory;
  faces: Pick<FacesPort, 'cards'>;
  cameras: Pick<CameraDirectory, 'namesInDomain'>;
  signer: MediaSigner;
  frames: FrameAvailability;
  /** the first pass over a building's whole history */
  finder: FinderIndex;
  clock: Clock;
  /** every search is audited: whom it looked for, never the vectors */
  audit: Pick<AuditService, 'record'>;
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
function validTimeZone(zone: string | null | undefined): zone is string {
  if (!zone) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const iso = (ms: number) => formatUtc(new Date(ms));

/** Stored 8-bit numbers (bytes8) as an Int8Array over their bytes. */
function int8(stored: Uint8Array): Int8Array {
  return new Int8Array(stored.buffer, stored.byteOffset, stored.byteLength);
}

/** The `count` centroids most of the vectors are nearest to, largest group first. */
function largestGroups(centres: Float32Array[], vectors: readonly Float32Array[], count: number): Float32Array[] {
  if (centres.length <= count) return centres;
  const sizes = centres.map(() => 0);
  for (const v of vectors) {
    let best = 0;
    centres.forEach((c, i) => {
      if (dot(v, c) > dot(v, centres[best]!)) best = i;
    });
    sizes[best]! += 1;
  }
  return centres
    .map((c, i) => ({ c, size: sizes[i]! }))
    .sort((a, b) => b.size - a.size)
    .slice(0, count)
    .map((g) => g.c);
}

/** POST /api/v6/faces/matchfinder (part 2 §2 face details 'More Detections', §7). */
export class MatchFinderService {
  constructor(private readonly d: MatchFinderDeps) {}

  /**
   * The match finder: the building's past faces most like a person (their confirmed faces and registry photos, summed
   * up as up to 8 centroids) or like one face, best first, in optional dates (the building's days) and cameras. Only
   * vectors of the source's embedder are compared: every face of the range by its code (FinderIndex), the nearest
   * MATCH_FINDER.maxChecked at most exactly, a batch at a time until `limit` faces qualify.
   */
  async find(principal: Principal, body: z.output<typeof matchFinderBodySchema>): Promise<z.output<typeof matchFinderReplySchema>> {
    requireEntitlement(principal, body.domain_uuid, 'faces', 'train_model');
    const domain = await this.d.domains.findOne(body.domain_uuid);
    if (!domain) throw notFound('No such building.');
    let from: number | null = null;
    let to: number | null = null;
    if (body.start || body.end) {
      if (!validTimeZone(domain.timezone)) throw badRequest(MATCH_FINDER_MESSAGES.noTimezone);
      if (body.start) from = zonedDayStart(body.start, domain.timezone);
      if (body.end) to = zonedDayStart(nextDay(body.end), domain.timezone);
    }
    let sources: { embedder: string; vector: Buffer }[];
    let exclude: (r: { runtime_face_uuid: string; frontend_face_uuid: string | null; match_confirmed: number | null }) => boolean;
    if (body.frontend_face_uuid) {
      const person = body.frontend_face_uuid;
      const card = (await this.d.faces.cards([person])).get(person);
      if (!card || card.removed || card.domain !== body.domain_uuid) throw notFound('No such person in this building.');
      sources = await this.d.training.personVectors(person, 500);
      // Already confirmed as them: nothing to find.
      exclude = (r) => r.match_confirmed === 1 && r.frontend_face_uuid === person;
    } else {
      const face = await this.d.training.faceVector(body.runtime_face_uuid!);
      if (!face || face.domain_uuid !== body.domain_uuid) throw notFound('No such face detection with an embedding in this building.');
      sources = [face];
      exclude = (r) => r.runtime_face_uuid === body.runtime_face_uuid;
    }
    const counts = new Map<string, number>();
    for (const s of sources) counts.set(s.embedder, (counts.get(s.embedder) ?? 0) + 1);
    const embedder = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
    if (!embedder) throw new HttpError(409, MATCH_FINDER_MESSAGES.noSource);
    const vectors = sources
      .filter((s) => s.embedder === embedder)
      .map((s) => unit(floats(s.vector)))
      .filter((v): v is Float32Array => v !== null);
    const probes = vectors.length > 8 ? centroids(vectors, 8, 1) : vectors;
    // First pass: every face of the range by its code (against the four largest groups of the source at most); then
    // the nearest, a batch at a time, compared exactly, while the next batch could still hold a better face than the
    // `limit`-th found (its code's estimate, plus the estimate's spread, above it).
    const nearest = await this.d.finder.nearest(
      body.domain_uuid,
      embedder,
      largestGroups(probes, vectors, MATCH_FINDER.codeProbes).map((p) => finderCode(p)),
      { from, to, cameras: body.camera_uuids },
      MATCH_FINDER.maxChecked,
    );
    const batch = Math.max(MATCH_FINDER.firstBatch, body.limit * 4);
    const found: { row: Awaited<ReturnType<TrainingRepository['finderFaces']>>[number]; similarity: number }[] = [];
    for (let at = 0; at < nearest.seqs.length; at += batch) {
      if (found.length >= body.limit) {
        const kth = found.map((f) => f.similarity).sort((a, b) => b - a)[body.limit - 1]!;
        if (estimatedCosine(nearest.distances[at]!) + MATCH_FINDER.codeSpread < kth) break;
      }
      const seqs = nearest.seqs.slice(at, at + batch);
      const rows = await this.d.training.finderFaces(seqs);
      const present = new Set(rows.map((r) => r.seq));
      await this.d.finder.forget(
        body.domain_uuid,
        embedder,
        seqs.filter((seq) => !present.has(seq)),
      );
      for (const row of rows) {
        if (row.is_face === 0 || exclude(row)) continue;
        // The 8-bit copy as unit-length float32 once, then a dot product per probe (each probe is a unit vector).
        const v = unit(new Float32Array(int8(row.vector8)));
        let best = 0;
        if (v && v.length === probes[0]?.length) for (const p of probes) best = Math.max(best, dot(p, v));
        found.push({ row, similarity: Math.round(best * 1000) / 1000 });
      }
    }
    const scored = found.sort((a, b) => b.similarity - a.similarity || b.row.captured_at - a.row.captured_at).slice(0, body.limit);
    await this.d.audit.record(actorOfPrincipal(principal), {
      action: 'searched_faces',
      domain: body.domain_uuid,
      subject: body.frontend_face_uuid ?? body.runtime_face_uuid!,
      detail: {
        source: body.frontend_face_uuid ? 'person' : 'face',
        start: body.start ?? null,
        end: body.end ?? null,
        cameras: body.camera_uuids.length,
        found: scored.length,
      },
    });
    const names = await this.d.cameras.namesInDomain(body.domain_uuid);
    await this.d.frames.prepare(scored.map((s) => s.row.camera_uuid));
    const now = this.d.clock.now();
    return {
      ok: true,
      results: scored.map(({ row, similarity }) => ({
        runtime_face_uuid: row.runtime_face_uuid,
        frame_uri: this.d.frames.pictured('poster', row.runtime_face_uuid, row.camera_uuid, row.captured_at)
          ? signedFrameUrl(this.d.signer, 'poster', row.runtime_face_uuid, now)
          : null,
        camera_uuid: row.camera_uuid,
        camera_description: names.get(row.camera_uuid) ?? 'Removed camera',
        captured_at: iso(row.captured_at),
        similarity,
        frontend_face_uuid: row.frontend_face_uuid,
        match_confirmed: row.match_confirmed === 1 ? 1 : row.match_confirmed === 0 ? 0 : null,
      })),
      scanned: nearest.compared,
    };
  }
}
