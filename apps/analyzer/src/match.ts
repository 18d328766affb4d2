import { calibratedConfidence, type ModelCalibration } from '@vigil/contract';
import type { Candidate } from './gallery.js';

/**
 * How similarities of faceres embeddings become the confidences Vigil shows and alerts on (part 2 §5: below 0.90 red,
 * an elopement alert from 0.90). A logistic curve over the cosine similarity, centred on `midpoint` (a confidence of
 * 0.5) with slope `scale`. The defaults come from the demo's front entrance camera (480x270, faces about 75 px high,
 * H.264): 22 sightings of the two demo residents had similarities of 0.64 to 0.83 (median 0.71) to their own registry
 * photo and 0.27 to 0.41 to the other's — confidences of 0.97 and more against 0.10 and less. Two people are not a
 * crowd: a site with a large registry should check these on its own cameras (the training tool will).
 */
export interface Calibration {
  midpoint: number;
  scale: number;
  /** the best candidate must be at least this much more alike than the second to be named */
  margin: number;
}
export const DEFAULT_CALIBRATION: Calibration = { midpoint: 0.5, scale: 0.04, margin: 0.08 };

export function matchConfidence(similarity: number, calibration: Calibration = DEFAULT_CALIBRATION): number {
  const value = 1 / (1 + Math.exp(-(similarity - calibration.midpoint) / calibration.scale));
  return Math.round(value * 1000) / 1000;
}

export interface MatchDecision {
  /** the person the face is, or null when nobody is alike enough (or two people are nearly as alike) */
  personId: string | null;
  /** of the match, else of the best candidate (0 without candidates) */
  confidence: number;
  candidates: { personId: string; confidence: number }[];
}

/** Names the face's person when the best candidate is confident (≥ `minConfidence`) and clearly ahead of the second. */
export function decideMatch(
  candidates: readonly Candidate[],
  minConfidence: number,
  calibration: Calibration = DEFAULT_CALIBRATION,
): MatchDecision {
  const scored = candidates.map((c) => ({ personId: c.personId, confidence: matchConfidence(c.similarity, calibration) }));
  const [best, second] = candidates;
  if (!best) return { personId: null, confidence: 0, candidates: [] };
  const clear = !second || best.similarity - second.similarity >= calibration.margin;
  const confidence = scored[0]!.confidence;
  return { personId: confidence >= minConfidence && clear ? best.personId : null, confidence, candidates: scored };
}

/**
 * With a building's trained model: each candidate's confidence from its similarity and the best other one (the model's
 * fitted curve), the best named from the model's threshold (or `minConfidence`, whichever is higher).
 */
export function decideModelMatch(candidates: readonly Candidate[], minConfidence: number, model: ModelCalibration): MatchDecision {
  const [best, second] = candidates;
  if (!best) return { personId: null, confidence: 0, candidates: [] };
  const scored = candidates.map((c, i) => ({
    personId: c.personId,
    confidence: calibratedConfidence(model, c.similarity, i === 0 ? (second?.similarity ?? 0) : best.similarity),
  }));
  const confidence = scored[0]!.confidence;
  return { personId: confidence >= Math.max(model.threshold, minConfidence) ? best.personId : null, confidence, candidates: scored };
}
