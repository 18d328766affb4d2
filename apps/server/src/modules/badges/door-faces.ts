import {
  BADGES,
  calibratedConfidence,
  confidenceLabel,
  dot,
  type ConfidenceLabel,
  type MatchConfidences,
  type ModelCalibration,
} from '@vigil/contract';

// What the faces at a door say about a tap: pure functions over the tap's detections and the building's gallery.

/**
 * The vectors a tap's faces are compared with, on the building's calibrated scale: the loaded model's prototypes (or,
 * without one, the registry photos and confirmed faces on the prior curve), plus the faces confirmed to each identity
 * at earlier taps. Each row belongs to a subject: a registry person's uuid, or `identity:<uuid>`.
 */
export interface ScoringGallery {
  calibration: Pick<ModelCalibration, 'w_sim' | 'w_margin' | 'bias'>;
  dims: number;
  owners: string[];
  /** unit rows, owners.length × dims */
  vectors: Float32Array;
}

export const identitySubject = (identityUuid: string) => `identity:${identityUuid}`;

/** A face at the door as the evaluator sees it. */
export interface DoorFace {
  id: string;
  at: number;
  /** unit embedding in the gallery's space (null: none, or made by another embedder) */
  vector: Float32Array | null;
  /** the registry person the analyzer named, and how sure it was */
  person: string | null;
  confidence: number;
  faceConfidence: number | null;
}

/** Who a tap is compared with: the holder or a co-tenant, by the subjects that stand for them. */
export interface Subject {
  identityUuid: string;
  /** the registry person linked to the identity, if any */
  person: string | null;
}

const subjectKeys = (s: Subject) => (s.person ? [s.person, identitySubject(s.identityUuid)] : [identitySubject(s.identityUuid)]);

/** Every row's cosine with a face (rows and face are unit vectors). */
export function similarities(gallery: ScoringGallery, face: Float32Array): Float32Array {
  const out = new Float32Array(gallery.owners.length);
  for (let i = 0; i < gallery.owners.length; i++) out[i] = dot(face, gallery.vectors, i * gallery.dims);
  return out;
}

/**
 * How alike a face is to one subject: its nearest row (cos), the distance between the unit vectors (euc), how much more
 * alike than the nearest other subject (svn_margin), and the calibrated confidence (nn_prob) as the analyzer computes a
 * candidate's: σ over the subject's similarity and the best other one. Null when the subject has no row.
 */
export function matchAgainst(gallery: ScoringGallery, sims: Float32Array, subject: Subject): MatchConfidences | null {
  const keys = new Set(subjectKeys(subject));
  let own = -Infinity;
  let other = 0;
  for (let i = 0; i < sims.length; i++) {
    const s = sims[i]!;
    if (keys.has(gallery.owners[i]!)) own = Math.max(own, s);
    else other = Math.max(other, s);
  }
  if (own === -Infinity) return null;
  const cos = Math.max(0, own);
  return {
    nn_prob: calibratedConfidence(gallery.calibration, cos, other),
    euc: Math.round(Math.sqrt(Math.max(0, 2 - 2 * cos)) * 1000) / 1000,
    cos: Math.round(cos * 1000) / 1000,
    svn_margin: Math.round((cos - other) * 1000) / 1000,
  };
}

/**
 * One person going through the door: the analyzer sends a detection per analysed frame and no track, so consecutive
 * detections close in time (BADGES.passageGapMs) and alike (cosine ≥ BADGES.passageMinSimilarity, or named as the same
 * person) are one passage. Returns each face's passage number (0, 1, …) in time order of the faces given.
 */
export function groupPassages(faces: readonly DoorFace[]): number[] {
  const order = faces.map((_, i) => i).sort((a, b) => faces[a]!.at - faces[b]!.at);
  const passages: { last: DoorFace }[] = [];
  const out = new Array<number>(faces.length).fill(0);
  for (const i of order) {
    const face = faces[i]!;
    let best = -1;
    let bestSim = -Infinity;
    passages.forEach((p, n) => {
      if (face.at - p.last.at > BADGES.passageGapMs) return;
      const samePerson = face.person !== null && face.person === p.last.person;
      const sim = face.vector && p.last.vector ? dot(face.vector, p.last.vector) : samePerson ? 1 : -Infinity;
      const alike = samePerson || sim >= BADGES.passageMinSimilarity;
      if (alike && sim > bestSim) {
        best = n;
        bestSim = sim;
      }
    });
    if (best === -1) {
      passages.push({ last: face });
      out[i] = passages.length - 1;
    } else {
      passages[best]!.last = face;
      out[i] = best;
    }
  }
  return out;
}

/**
 * How sure it is that a face is the subject: the calibrated score of its embedding, or, for a face without one (made by
 * another embedder, or sent by a detector that keeps none), the analyzer's own confidence when it named them.
 */
export function holderConfidence(face: DoorFace, match: MatchConfidences | null, subject: Subject): number | null {
  if (match) return match.nn_prob;
  return face.vector === null && subject.person !== null && face.person === subject.person ? face.confidence : null;
}

/** A tag (confirmation) of one face at a tap; without a face (null), a verification of an identity that keeps none. */
export interface TapTag {
  detectionId: string | null;
  identityUuid: string;
  rejected: boolean;
}

/** What the evaluator stores of a tap. */
export interface TapVerdict {
  faces: number;
  passages: number;
  /** a face is the holder: confirmed to them, or High/Medium against them and not rejected for them */
  matched: boolean;
  bestLabel: ConfidenceLabel | null;
  /** the registry person confidently at the door instead of the holder (badge sharing) */
  sharedWith: string | null;
  /** the face most like the holder (else the sharer's, else the first): the picture reports show */
  doorFace: string | null;
}

/** The analyzer's confidence from which a named face counts as that person (it names people from 0.9). */
export const SHARED_MIN_CONFIDENCE = 0.9;

/**
 * A tap's verdict from its faces: matched when a face is the holder (confirmed, or High/Medium and not rejected for
 * them) or someone verified the holder without a face; shared when no face is the holder but one is confidently another known person.
 */
export function tapVerdict(
  faces: readonly DoorFace[],
  holderMatch: ReadonlyMap<string, MatchConfidences | null>,
  holder: Subject,
  tags: readonly TapTag[],
): TapVerdict {
  const own = tags.filter((t) => t.identityUuid === holder.identityUuid);
  const rejected = new Set(own.flatMap((t) => (t.rejected && t.detectionId ? [t.detectionId] : [])));
  const confirmed = new Set(own.flatMap((t) => (!t.rejected && t.detectionId ? [t.detectionId] : [])));
  let best: number | null = null;
  let bestFace: string | null = [...confirmed][0] ?? null;
  let matched = confirmed.size > 0 || own.some((t) => !t.rejected && t.detectionId === null);
  for (const face of faces) {
    if (rejected.has(face.id)) continue;
    const p = holderConfidence(face, holderMatch.get(face.id) ?? null, holder);
    if (p !== null && (best === null || p > best)) {
      best = p;
      if (confirmed.size === 0) bestFace = face.id;
    }
    const label = confidenceLabel(p);
    if (label === 'High' || label === 'Medium') matched = true;
  }
  let sharedWith: string | null = null;
  if (!matched)
    for (const face of faces)
      if (face.person && face.person !== holder.person && face.confidence >= SHARED_MIN_CONFIDENCE) {
        sharedWith = face.person;
        bestFace = face.id;
        break;
      }
  const passages = faces.length === 0 ? 0 : Math.max(...groupPassages(faces)) + 1;
  return {
    faces: faces.length,
    passages,
    matched,
    bestLabel: confidenceLabel(best),
    sharedWith,
    doorFace: bestFace ?? faces[0]?.id ?? null,
  };
}

/**
 * Tailgating: more people went through the door in the window after a tap than there were taps at that door in it
 * (this one included).
 */
export function isTailgate(passagesAfter: number, tapsInWindow: number): boolean {
  return passagesAfter > Math.max(1, tapsInWindow);
}
