// How a trained model scores a face (issue 26): the same function in the server's trainer (measuring it) and in the
// analyzer (using it). A face's best and second-best similarities to the people's prototypes become a confidence by a
// logistic curve over both, fitted on the building's own held-out tags; the threshold it names someone from is fitted too.

/** conf = σ(w_sim·s1 + w_margin·(s1 − s2) + bias); a person is named when conf ≥ threshold. */
export interface ModelCalibration {
  w_sim: number;
  w_margin: number;
  bias: number;
  threshold: number;
}

/**
 * What a building uses before it has a model: today's curve (centred at a similarity of 0.5, slope 0.04) with no margin
 * term, naming from 0.9. The trainer starts from it and moves only as far as the building's tags show.
 */
export const PRIOR_CALIBRATION: ModelCalibration = { w_sim: 25, w_margin: 0, bias: -12.5, threshold: 0.9 };

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

/** The confidence of a face's best candidate (three decimals), from its best (s1) and second-best (s2) similarity. */
export function calibratedConfidence(c: Pick<ModelCalibration, 'w_sim' | 'w_margin' | 'bias'>, s1: number, s2: number): number {
  return Math.round(sigmoid(c.w_sim * s1 + c.w_margin * (s1 - s2) + c.bias) * 1000) / 1000;
}

/** A held-out face as the calibration sees it: its best and second-best similarity, and whether the best is right. */
export interface CalibrationSample {
  s1: number;
  s2: number;
  correct: boolean;
}

/**
 * Logistic regression of `correct` on (s1, s1 − s2), with a Gaussian prior centred on `prior` (strength `lambda` per
 * weight): with a few tags the curve stays near the prior, with many it follows them. Newton's method with a
 * backtracking line search (three weights: a 3×3 solve per step), deterministic.
 */
export function fitCalibration(
  samples: readonly CalibrationSample[],
  prior: Pick<ModelCalibration, 'w_sim' | 'w_margin' | 'bias'> = PRIOR_CALIBRATION,
  lambda = 0.05,
): Pick<ModelCalibration, 'w_sim' | 'w_margin' | 'bias'> {
  const p0 = [prior.w_sim, prior.w_margin, prior.bias];
  const features = samples.map((s) => [s.s1, s.s1 - s.s2, 1] as const);
  const labels = samples.map((s) => (s.correct ? 1 : 0));
  /** The penalised negative log-likelihood (what is minimised). */
  const loss = (w: readonly number[]) => {
    let total = 0;
    features.forEach((x, n) => {
      const z = w[0]! * x[0] + w[1]! * x[1] + w[2]!;
      // log(1 + e^z) − y·z, computed without overflow
      total += (z > 0 ? z + Math.log1p(Math.exp(-z)) : Math.log1p(Math.exp(z))) - labels[n]! * z;
    });
    for (let i = 0; i < 3; i++) total += (lambda / 2) * (w[i]! - p0[i]!) ** 2;
    return total;
  };
  let w = [...p0];
  let current = loss(w);
  for (let iteration = 0; iteration < 100; iteration++) {
    const g = [0, 0, 0];
    const h = [
      [0, 0, 0],
      [0, 0, 0],
      [0, 0, 0],
    ];
    features.forEach((x, n) => {
      const p = sigmoid(w[0]! * x[0] + w[1]! * x[1] + w[2]!);
      const r = p - labels[n]!;
      const v = Math.max(p * (1 - p), 1e-12);
      for (let i = 0; i < 3; i++) {
        g[i]! += r * x[i]!;
        for (let j = 0; j < 3; j++) h[i]![j]! += v * x[i]! * x[j]!;
      }
    });
    for (let i = 0; i < 3; i++) {
      g[i]! += lambda * (w[i]! - p0[i]!);
      h[i]![i]! += lambda;
    }
    const step = solve3(h, g);
    if (!step) break;
    // Newton's step, halved until the loss goes down (a full step can overshoot when the classes barely overlap).
    let scale = 1;
    let next = w.map((v, i) => v - step[i]!);
    let value = loss(next);
    while (value > current && scale > 1e-6) {
      scale /= 2;
      next = w.map((v, i) => v - scale * step[i]!);
      value = loss(next);
    }
    if (value > current) break;
    const moved = Math.hypot(...next.map((v, i) => v - w[i]!));
    w = next;
    current = value;
    if (moved < 1e-7) break;
  }
  return { w_sim: w[0]!, w_margin: w[1]!, bias: w[2]! };
}

/** Solves h·x = g for a symmetric positive-definite 3×3 h (Gaussian elimination); null when singular. */
function solve3(h: number[][], g: number[]): number[] | null {
  const a = h.map((row, i) => [...row, g[i]!]);
  for (let col = 0; col < 3; col++) {
    let pivot = col;
    for (let row = col + 1; row < 3; row++) if (Math.abs(a[row]![col]!) > Math.abs(a[pivot]![col]!)) pivot = row;
    if (Math.abs(a[pivot]![col]!) < 1e-12) return null;
    [a[col], a[pivot]] = [a[pivot]!, a[col]!];
    for (let row = 0; row < 3; row++) {
      if (row === col) continue;
      const f = a[row]![col]! / a[col]![col]!;
      for (let k = col; k < 4; k++) a[row]![k]! -= f * a[col]![k]!;
    }
  }
  return [0, 1, 2].map((i) => a[i]![3]! / a[i]![i]!);
}

/**
 * The lowest confidence from which naming keeps the false accept rate on impostor faces at or under `maxFar`, but never
 * below `floor` (0.9: an elopement alert needs it, and it means what it meant before). Impostors: faces whose best
 * candidate is not who they are.
 */
export function chooseThreshold(impostorConfidences: readonly number[], maxFar = 0.01, floor = 0.9): number {
  const sorted = [...impostorConfidences].sort((a, b) => b - a);
  // Naming from t accepts every impostor with confidence ≥ t: allow at most floor(maxFar·n) of them.
  const allowed = Math.floor(maxFar * sorted.length);
  const above = sorted[allowed];
  const t = above === undefined ? floor : Math.round((above + 0.001) * 1000) / 1000;
  return Math.min(0.999, Math.max(floor, t));
}
