import {
  PRIOR_CALIBRATION,
  confidenceLabel,
  detectionScore,
  isVerified,
  unit,
  type BadgeDetection,
  type MatchConfidences,
} from '@vigil/contract';
import type { AccessEventRow, AccessPointRow, BadgeIdentityRow, BadgeTagRow, BadgeVerificationRow } from '../../db/schema.js';
import type { FacesPort } from '../faces/faces.port.js';
import type { PeopleGallery, ScoringGalleries } from '../training/scoring-gallery.js';
import type { BadgeTagsRepository } from './badge-tags.repository.js';
import type { BadgesRepository } from './badges.repository.js';
import {
  groupPassages,
  holderConfidence,
  identitySubject,
  matchAgainst,
  similarities,
  tapVerdict,
  type DoorFace,
  type ScoringGallery,
  type Subject,
  type TapVerdict,
} from './door-faces.js';

/** At most this many faces are read for one tap's window (a crowded door; the rest are 'More Detections'). */
const MAX_FACES = 200;

/** A tap's faces with what they say of the holder and each co-tenant. */
export interface ScoredTap {
  faces: DoorFace[];
  passages: number[];
  holder: Map<string, MatchConfidences | null>;
  cotenants: Map<string, { identity: BadgeIdentityRow; match: MatchConfidences | null }[]>;
  verdict: TapVerdict;
  /** the identities that keep no face (consent): compared with nothing */
  faceless: ReadonlySet<string>;
}

/** Who an identity is compared as: with its registry person, unless it is faceless (then it has no rows at all). */
const subjectOf = (identity: BadgeIdentityRow, faceless: ReadonlySet<string>): Subject => ({
  identityUuid: identity.uuid,
  person: faceless.has(identity.uuid) ? null : identity.face_uuid,
});

/**
 * Scores the faces at a door around a tap against the badge holder and the holder's co-tenants on the building's
 * calibrated scale (the loaded model, or the registry on the prior curve), with the faces confirmed to each identity at
 * earlier taps as that identity's own rows.
 */
export class TapScorer {
  constructor(
    private readonly d: {
      badges: BadgesRepository;
      tags: BadgeTagsRepository;
      faces: FacesPort;
      galleries: ScoringGalleries;
    },
  ) {}

  /** The faces at the access point's camera within the window around the tap (none without a camera). */
  async doorFaces(tap: AccessEventRow, point: AccessPointRow, windowMs?: number): Promise<{ faces: DoorFace[]; embedder: string | null }> {
    if (!point.camera_uuid) return { faces: [], embedder: null };
    const before = windowMs ?? point.window_before_ms;
    const after = windowMs ?? point.window_after_ms;
    const rows = await this.d.faces.atCamera(point.camera_uuid, tap.event_at - before, tap.event_at + after, MAX_FACES);
    // The faces of one analyzer share one embedder; a door seen by two takes the most common.
    const counts = new Map<string, number>();
    for (const r of rows) if (r.embedder) counts.set(r.embedder, (counts.get(r.embedder) ?? 0) + 1);
    const embedder = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
    const faces = rows.map((r) => ({
      id: r.id,
      at: r.at,
      vector: r.vector && r.embedder === embedder ? unit(r.vector) : null,
      // A face answered as someone else is not that person.
      person: r.match_confirmed === 0 ? null : r.person,
      confidence: r.match_confirmed === 1 ? 1 : r.confidence,
      faceConfidence: r.face_confidence,
    }));
    return { faces, embedder };
  }

  /** The building's gallery for an embedder, with the identities' own confirmed faces added as their rows (give no faceless one). */
  async gallery(domain: string, embedder: string | null, identities: readonly BadgeIdentityRow[]): Promise<ScoringGallery | null> {
    if (!embedder) return null;
    const people: PeopleGallery | null = await this.d.galleries.of(domain, embedder);
    const own = await this.d.tags.confirmedDetections(identities.map((i) => i.uuid));
    const vectors = await this.d.faces.embeddingsOf(
      own.map((o) => o.detection_id),
      embedder,
    );
    const dims = people?.dims ?? vectors.values().next().value?.length ?? 0;
    if (dims === 0) return null;
    const extra = own.flatMap((o) => {
      const v = vectors.get(o.detection_id);
      const u = v && v.length === dims ? unit(v) : null;
      return u ? [{ owner: identitySubject(o.identity_uuid), vector: u }] : [];
    });
    const base = people?.owners.length ?? 0;
    const all = new Float32Array((base + extra.length) * dims);
    if (people) all.set(people.vectors, 0);
    extra.forEach((e, i) => all.set(e.vector, (base + i) * dims));
    return {
      calibration: people?.calibration ?? PRIOR_CALIBRATION,
      dims,
      owners: [...(people?.owners ?? []), ...extra.map((e) => e.owner)],
      vectors: all,
    };
  }

  /** Scores a tap's faces (already read) against the holder and co-tenants; faceless identities match no face. */
  score(
    faces: DoorFace[],
    gallery: ScoringGallery | null,
    holder: BadgeIdentityRow,
    cotenants: readonly BadgeIdentityRow[],
    tags: readonly BadgeTagRow[],
    o: { verifications?: readonly BadgeVerificationRow[]; faceless?: ReadonlySet<string> } = {},
  ): ScoredTap {
    const faceless = o.faceless ?? new Set<string>();
    const holderMatch = new Map<string, MatchConfidences | null>();
    const cotenantMatch = new Map<string, { identity: BadgeIdentityRow; match: MatchConfidences | null }[]>();
    for (const face of faces) {
      const sims = gallery && face.vector ? similarities(gallery, face.vector) : null;
      holderMatch.set(face.id, sims && gallery ? matchAgainst(gallery, sims, subjectOf(holder, faceless)) : null);
      cotenantMatch.set(
        face.id,
        cotenants.map((c) => ({ identity: c, match: sims && gallery ? matchAgainst(gallery, sims, subjectOf(c, faceless)) : null })),
      );
    }
    const tapTags = [
      ...tags
        .filter((t) => !faceless.has(t.identity_uuid))
        .map((t) => ({ detectionId: t.detection_id, identityUuid: t.identity_uuid, rejected: t.rejected === 1 })),
      ...(o.verifications ?? []).map((v) => ({ detectionId: null, identityUuid: v.identity_uuid, rejected: false })),
    ];
    return {
      faces,
      passages: groupPassages(faces),
      holder: holderMatch,
      cotenants: cotenantMatch,
      verdict: tapVerdict(faces, holderMatch, subjectOf(holder, faceless), tapTags),
      faceless,
    };
  }

  /** The detections of a scored tap as the badge detail shows them (best for the holder first). */
  present(
    scored: ScoredTap,
    holder: BadgeIdentityRow,
    tags: readonly BadgeTagRow[],
    names: { identity: (uuid: string) => string | undefined; person: (uuid: string) => string | null },
    imageUrl: (face: DoorFace) => string | null,
  ): BadgeDetection[] {
    const out = scored.faces.map((face, i) => {
      const holderMatch = scored.holder.get(face.id) ?? null;
      const cotenants = scored.cotenants.get(face.id) ?? [];
      const faceTags = tags.filter((t) => t.detection_id === face.id);
      const subject = subjectOf(holder, scored.faceless);
      const confidence = holderConfidence(face, holderMatch, subject) ?? 0;
      const score = detectionScore(
        confidence,
        faceTags.map((t) => ({ identity_id: t.identity_uuid, rejected: t.rejected === 1 })),
        holder.uuid,
      );
      const own = faceTags.find((t) => t.identity_uuid === holder.uuid);
      const cotenantConfidence = (c: (typeof cotenants)[number]) =>
        holderConfidence(face, c.match, subjectOf(c.identity, scored.faceless)) ?? 0;
      const bestCotenant = cotenants
        .filter((c) => cotenantConfidence(c) > 0)
        .sort((a, b) => cotenantConfidence(b) - cotenantConfidence(a))[0];
      const confirmedToCotenant = faceTags.some((t) => t.rejected === 0 && t.identity_uuid !== holder.uuid);
      const cotenantBest = bestCotenant ? cotenantConfidence(bestCotenant) : 0;
      const isCotenant = confirmedToCotenant || (cotenantBest > confidence && cotenantBest >= 0.5);
      const verifiedTag = own && own.rejected === 0 ? own : undefined;
      return {
        detectionId: face.id,
        capturedAt: new Date(face.at).toISOString(),
        isCotenant: isCotenant && !verifiedTag,
        matchConfidences: holderMatch,
        cotenantMatchConfidences: cotenants.flatMap((c) =>
          c.match ? [{ ...c.match, identity_id: c.identity.identity_id, name: names.identity(c.identity.uuid) ?? c.identity.name }] : [],
        ),
        matchConfidenceLabel: own?.rejected === 1 ? null : confidenceLabel(holderConfidence(face, holderMatch, subject)),
        cotenantMatchConfidenceLabel: {
          label: confidenceLabel(
            bestCotenant ? holderConfidence(face, bestCotenant.match, subjectOf(bestCotenant.identity, scored.faceless)) : null,
          ),
          identity_id: bestCotenant?.identity.identity_id ?? null,
        },
        faceDetectorConfidence: face.faceConfidence,
        score,
        verified:
          own?.rejected === 1
            ? false
            : isVerified({ verifiedBy: verifiedTag?.verified_by ?? null, verifiedAt: verifiedTag?.verified_at ?? null, score }),
        confirmed: own ? own.rejected === 0 : null,
        namedPerson: face.person ? names.person(face.person) : null,
        passage: scored.passages[i] ?? 0,
        imageUrl: imageUrl(face),
      } satisfies BadgeDetection;
    });
    return out.sort((a, b) => b.score - a.score || a.capturedAt.localeCompare(b.capturedAt));
  }
}
