import {
  MATCH_FINDER,
  MATCH_FINDER_MESSAGES,
  TRAINING,
  TRAINING_MESSAGES,
  centroids,
  dot,
  finderCode,
  unit,
  formatUtc,
  zonedDayStart,
  type matchFinderBodySchema,
  type matchFinderReplySchema,
  type ConfirmedFace,
  type DetectedFace,
  type DetectedMatch,
  type FacesDetectedBody,
  type FacesDetectedReply,
  type ReviewLogEntry,
} from '@vigil/contract';
import type { z } from 'zod';
import type { confirmedFacesBodySchema } from '@vigil/contract';
import { requireEntitlement, type Principal } from '../../auth/principal.js';
import type { FaceDetectionRow } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { HttpError, badRequest, notFound } from '../../lib/http-error.js';
import { signedFrameUrl, type FrameKind } from '../../media/frames.js';
import { type FrameAvailability } from '../../media/frame-availability.js';
import type { MediaSigner } from '../../media/signing.js';
import type { FacesPort } from '../faces/faces.port.js';
import type { PersonCard } from '../faces/people-view.js';
import type { UserAccess } from '../auth/access.port.js';
import type { DomainDirectory } from '../domains/domains.port.js';
import type { CameraDirectory } from '../video/cameras.port.js';
import { floats } from '../../db/vectors.js';
import { estimatedCosine, type FinderIndex } from './finder-index.js';
import { decodeListToken, encodeListToken } from './list-token.js';
import type { DetectionFilters, ListPosition, TrainingRepository } from './training.repository.js';

type ConfirmedFacesBody = z.output<typeof confirmedFacesBodySchema>;

export interface TrainingDeps {
  training: TrainingRepository;
  /** who confirmed a face, by name */
  users: Pick<UserAccess, 'findUserById'>;
  domains: DomainDirectory;
  faces: Pick<FacesPort, 'cards' | 'detection' | 'addVisitor'>;
  cameras: Pick<CameraDirectory, 'namesInDomain'>;
  /** a detection's face crop as JPEG bytes (kept, or cut from the recording), or null when there is none */
  crop(runtimeFaceUuid: string): Promise<Buffer | null>;
  signer: MediaSigner;
  frames: FrameAvailability;
  /** the match finder's first pass over a building's whole history */
  finder: FinderIndex;
  clock: Clock;
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

/** Stored 8-bit numbers (bytes8) as a unit float32 vector; null when all are zero. */
function unitFrom8(stored: Uint8Array): Float32Array | null {
  const bytes = Buffer.from(stored);
  const v = new Int8Array(bytes.buffer, bytes.byteOffset, bytes.length);
  let n = 0;
  for (let i = 0; i < v.length; i++) n += v[i]! * v[i]!;
  if (n === 0) return null;
  const scale = 1 / Math.sqrt(n);
  const out = new Float32Array(v.length);
  for (let i = 0; i < v.length; i++) out[i] = v[i]! * scale;
  return out;
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

/** Who a detection might be: the confirmed person first, then the recognizer's candidates (or its match), up to 4. */
export function detectionMatches(
  row: Pick<FaceDetectionRow, 'frontend_face_uuid' | 'match_confirmed' | 'analyzer_face_uuid' | 'confidence' | 'candidates'>,
  rejected: ReadonlySet<string>,
): { person: string; confidence: number | null; exact: boolean; rejected: boolean }[] {
  const candidates: { frontend_face_uuid: string; confidence: number }[] = row.candidates ? JSON.parse(row.candidates) : [];
  if (candidates.length === 0 && row.analyzer_face_uuid)
    candidates.push({ frontend_face_uuid: row.analyzer_face_uuid, confidence: row.confidence });
  const exact = row.match_confirmed === 1 ? row.frontend_face_uuid : null;
  const list: { person: string; confidence: number | null; exact: boolean; rejected: boolean }[] = candidates.map((c) => ({
    person: c.frontend_face_uuid,
    confidence: c.confidence,
    exact: c.frontend_face_uuid === exact,
    rejected: rejected.has(c.frontend_face_uuid),
  }));
  // Confirmed as someone the recognizer did not put forward (a visitor made from this face): no confidence of its own.
  if (exact && !list.some((m) => m.exact)) list.unshift({ person: exact, confidence: null, exact: true, rejected: false });
  list.sort((a, b) => Number(b.exact) - Number(a.exact));
  return list.slice(0, TRAINING.maxCandidates);
}

/**
 * The face training tool (part 2 §2, §4, §7): the review list with its filters and stable pages, confirmed faces, a
 * person's matches, and 'Visitor'. Answers themselves are facematchconfirm and faceconfirm (alerts and the faces port).
 * Everything needs faces/train_model in the building.
 */
export class TrainingService {
  constructor(private readonly d: TrainingDeps) {}

  async detected(principal: Principal, body: FacesDetectedBody): Promise<FacesDetectedReply> {
    requireEntitlement(principal, body.domain_uuid, 'faces', 'train_model');
    let position: ListPosition = { snapshot: this.d.clock.now(), after: null };
    if (body.refresh_token) {
      const given = decodeListToken(body.refresh_token);
      if (!given) throw badRequest(TRAINING_MESSAGES.badRefreshToken);
      position = given;
    }
    const filters: DetectionFilters = {
      domain: body.domain_uuid,
      cameras: body.camera_uuids,
      people: body.face_uuids,
      minFaceHeight: body.min_face_height,
      confidence:
        body.confidence === null || body.confidence === undefined ? null : { op: body.confidence_operator, value: body.confidence },
      before: body.before ? Date.parse(body.before) : null,
    };
    const [rows, arrived] = await Promise.all([
      this.d.training.page(filters, position, body.limit + 1),
      this.d.training.arrivedSince(filters, position.snapshot),
    ]);
    const page = rows.slice(0, body.limit);
    const last = page.at(-1);
    const [rejections, names] = await Promise.all([
      this.d.training.rejections(page.map((r) => r.runtime_face_uuid)),
      this.d.cameras.namesInDomain(body.domain_uuid),
    ]);
    const matches = new Map(page.map((r) => [r.runtime_face_uuid, detectionMatches(r, rejections.get(r.runtime_face_uuid) ?? new Set())]));
    const cards = await this.d.faces.cards([...matches.values()].flat().map((m) => m.person));
    await this.d.frames.prepare(page.map((r) => r.camera_uuid));
    const now = this.d.clock.now();
    // How the faces are drawn (part 2 §3 shapesOnFaces, clahe): the whole frame with the face's box, and/or equalised.
    const drawn: FrameKind = body.shapes ? (body.clahe ? 'shapes-clahe' : 'shapes') : body.clahe ? 'clahe' : 'poster';
    const faces: DetectedFace[] = page.map((row) => ({
      runtime_face_uuid: row.runtime_face_uuid,
      frame_uri: this.picture(row, now, drawn),
      camera_uuid: row.camera_uuid,
      camera_description: names.get(row.camera_uuid) ?? 'Removed camera',
      captured_at: iso(row.captured_at),
      face_confidence: row.face_confidence,
      face_height: row.face_height,
      matches: (matches.get(row.runtime_face_uuid) ?? []).flatMap((m): DetectedMatch[] => {
        const card = cards.get(m.person);
        // A person deleted since stays only where a reviewer confirmed them.
        if (!card || (card.removed && !m.exact)) return [];
        return [
          {
            frontend_face_uuid: m.person,
            person_name: card.name,
            image_uri: card.image_uri,
            is_exact: m.exact,
            is_rejected: m.rejected,
            confidence: m.confidence,
          },
        ];
      }),
      visitor_face_uuid: row.visitor_face_uuid,
    }));
    const next: ListPosition = last
      ? { snapshot: position.snapshot, after: { at: last.captured_at, id: last.runtime_face_uuid } }
      : position;
    return {
      ok: true,
      faces,
      oldest_time: last ? iso(last.captured_at) : null,
      new_results: arrived,
      refresh_token: encodeListToken(next),
      more: rows.length > body.limit,
      err: null,
    };
  }

  /** POST /api/v4/faces/confirmed: a building's (or one person's) confirmed faces, newest first. */
  async confirmed(principal: Principal, body: ConfirmedFacesBody) {
    requireEntitlement(principal, body.domain_uuid, 'faces', 'train_model');
    if (body.frontend_face_uuid) {
      const card = (await this.d.faces.cards([body.frontend_face_uuid])).get(body.frontend_face_uuid);
      if (!card || card.domain !== body.domain_uuid) throw notFound('No such person in this building.');
    }
    const { rows, total } = await this.d.training.confirmed(body.domain_uuid, body.frontend_face_uuid ?? null, body.offset, body.limit);
    return { ok: true as const, faces_confirmed: await this.presentConfirmed(body.domain_uuid, rows), total, err: null };
  }

  /** GET /api/v6/faces/matched/{id}: a person's confirmed faces (all of them, newest first). */
  async matched(principal: Principal, person: string) {
    const card = (await this.d.faces.cards([person])).get(person);
    if (!card || card.removed || !principal.entitlements[card.domain]) throw notFound('No such person.');
    requireEntitlement(principal, card.domain, 'faces', 'train_model');
    const { rows } = await this.d.training.confirmed(card.domain, person, 0, 50_000);
    return { ok: true as const, faces_matched: await this.presentConfirmed(card.domain, rows) };
  }

  /** POST /api/v4/faces/visitor: the face becomes a regular_visitor of its building. */
  async visitor(principal: Principal, runtimeFaceUuid: string): Promise<{ ok: true; frontend_face_uuid: string }> {
    const detection = await this.d.faces.detection(runtimeFaceUuid);
    if (!detection || !principal.entitlements[detection.domain_uuid]) throw notFound('No such face detection.');
    requireEntitlement(principal, detection.domain_uuid, 'faces', 'train_model');
    requireEntitlement(principal, detection.domain_uuid, 'faces', 'add');
    if (detection.visitor_face_uuid) throw new HttpError(409, TRAINING_MESSAGES.alreadyVisitor);
    const photo = await this.d.crop(runtimeFaceUuid);
    if (!photo) throw new HttpError(409, 'There is no picture of this face to make a visitor from.');
    const uuid = await this.d.faces.addVisitor(detection, photo, principal.user.id, this.d.clock.now());
    if (!uuid) throw new HttpError(409, TRAINING_MESSAGES.alreadyVisitor);
    return { ok: true, frontend_face_uuid: uuid };
  }

  /**
   * The match finder: the building's past faces most like a person (their confirmed faces and registry photos, summed
   * up as up to 8 centroids) or like one face, best first, in optional dates (the building's days) and cameras. Only
   * vectors of the source's embedder are compared: every face of the range by its code (FinderIndex), the nearest
   * MATCH_FINDER.maxChecked at most exactly, a batch at a time until `limit` faces qualify.
   */
  async matchFinder(principal: Principal, body: z.output<typeof matchFinderBodySchema>): Promise<z.output<typeof matchFinderReplySchema>> {
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
        const v = unitFrom8(row.vector8);
        let best = 0;
        if (v && v.length === probes[0]?.length) for (const p of probes) best = Math.max(best, dot(p, v));
        found.push({ row, similarity: Math.round(best * 1000) / 1000 });
      }
    }
    const scored = found.sort((a, b) => b.similarity - a.similarity || b.row.captured_at - a.row.captured_at).slice(0, body.limit);
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

  /** GET /api/v1/training/reviews/{id}: the review log of one detection, oldest first. */
  async reviewLog(principal: Principal, runtimeFaceUuid: string): Promise<{ ok: true; entries: ReviewLogEntry[] }> {
    const detection = await this.d.faces.detection(runtimeFaceUuid);
    if (!detection || !principal.entitlements[detection.domain_uuid]) throw notFound('No such face detection.');
    requireEntitlement(principal, detection.domain_uuid, 'faces', 'train_model');
    const rows = await this.d.training.reviewLog(runtimeFaceUuid);
    const people = [...new Set(rows.flatMap((r) => (r.frontend_face_uuid ? [r.frontend_face_uuid] : [])))];
    const [cards, reviewers] = await Promise.all([this.d.faces.cards(people), this.reviewerNames(rows.map((r) => r.reviewed_by))]);
    return {
      ok: true,
      entries: rows.map((r) => ({
        kind: r.kind,
        frontend_face_uuid: r.frontend_face_uuid,
        person_name: r.frontend_face_uuid ? (cards.get(r.frontend_face_uuid)?.name ?? 'Removed person') : null,
        answer: r.answer === 1 ? 1 : r.answer === 0 ? 0 : null,
        reviewed_by: reviewers.get(r.reviewed_by) ?? 'A former user',
        reviewed_at: iso(r.reviewed_at),
      })),
    };
  }

  /** Reviewers by name ('A former user' once deleted). */
  private async reviewerNames(ids: readonly (string | null)[]): Promise<Map<string, string>> {
    const names = new Map<string, string>();
    for (const id of new Set(ids.filter((id): id is string => id !== null))) {
      const user = await this.d.users.findUserById(id);
      names.set(id, user?.display_name ?? 'A former user');
    }
    return names;
  }

  private async presentConfirmed(domain: string, rows: FaceDetectionRow[]): Promise<ConfirmedFace[]> {
    const [cards, names, reviewers] = await Promise.all([
      this.d.faces.cards(rows.map((r) => r.frontend_face_uuid!)),
      this.d.cameras.namesInDomain(domain),
      this.reviewerNames(rows.map((r) => r.reviewed_by)),
    ]);
    await this.d.frames.prepare(rows.map((r) => r.camera_uuid));
    const now = this.d.clock.now();
    return rows.map((row) => {
      const card: PersonCard | undefined = cards.get(row.frontend_face_uuid!);
      return {
        person_name: card?.name ?? 'Unknown person',
        frontend_image_uri: card?.image_uri ?? null,
        frontend_face_uuid: row.frontend_face_uuid!,
        runtime_face_uuid: row.runtime_face_uuid,
        frame_uri: this.picture(row, now),
        captured_at: iso(row.captured_at),
        camera_description: names.get(row.camera_uuid) ?? 'Removed camera',
        confirmed_by: row.reviewed_by ? (reviewers.get(row.reviewed_by) ?? null) : null,
        confirmed_at: row.reviewed_at === null ? null : iso(row.reviewed_at),
      };
    });
  }

  /** The face crop (or a picture made from it or its frame), when it exists or the recording holds the moment. */
  private picture(row: FaceDetectionRow, now: number, kind: FrameKind = 'poster'): string | null {
    return this.d.frames.pictured(kind, row.runtime_face_uuid, row.camera_uuid, row.captured_at)
      ? signedFrameUrl(this.d.signer, kind, row.runtime_face_uuid, now)
      : null;
  }
}
