import { actorOfPrincipal, type AuditService } from '../audit/audit.service.js';
import {
  TRAINING,
  TRAINING_MESSAGES,
  formatUtc,
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
import type { CameraDirectory } from '../video/cameras.port.js';
import { decodeListToken, encodeListToken } from './list-token.js';
import type { DetectionFilters, ListPosition, TrainingRepository } from './training.repository.js';

type ConfirmedFacesBody = z.output<typeof confirmedFacesBodySchema>;

export interface TrainingDeps {
  /** records answers (absent in tests that do not look at the audit trail) */
  audit?: Pick<AuditService, 'record'>;
  training: TrainingRepository;
  /** who confirmed a face, by name */
  users: Pick<UserAccess, 'findUserById'>;
  faces: Pick<FacesPort, 'cards' | 'detection' | 'addVisitor'>;
  cameras: Pick<CameraDirectory, 'namesInDomain'>;
  /** a detection's face crop as JPEG bytes (kept, or cut from the recording), or null when there is none */
  crop(runtimeFaceUuid: string): Promise<Buffer | null>;
  signer: MediaSigner;
  frames: FrameAvailability;
  clock: Clock;
}

const iso = (ms: number) => formatUtc(new Date(ms));

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
    await this.d.audit?.record(actorOfPrincipal(principal), {
      action: 'reviewed_detection',
      domain: detection.domain_uuid,
      camera: detection.camera_uuid,
      subject: runtimeFaceUuid,
      detail: { answer: 'visitor', person: uuid },
    });
    return { ok: true, frontend_face_uuid: uuid };
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
