// How a model is measured (issue 26, part 2 §3 Model and Model identity): each identity's tags split into training and
// held-out validation, stratified and seeded; top-1 and top-5 on the held-out tags; F1 per identity; the false accept
// rate at the chosen threshold. Pure functions: the trainer calls them, the tests check them against hand-made cases.

/** A tag: a face known to be `identity` (a confirmed detection or a registry photo). */
export interface Tag {
  id: string;
  identity: string;
}

export interface TagSplit {
  training: string[];
  validation: string[];
  /** per identity: how many tags went to each side */
  counts: Map<string, { training: number; validation: number }>;
}

/** A small seeded generator (mulberry32): the same seed gives the same split on every machine. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a of a string: mixes an identity into the seed, so one identity's split does not depend on the others'. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/**
 * Splits each identity's tags: `share` of them (rounded, at least one) held out for validation, the rest for training;
 * an identity with a single tag keeps it for training (it cannot be both learned and measured). Stratified (every
 * identity with two or more tags is in both sides) and seeded (the same tags and seed give the same split, whatever
 * order the tags come in).
 */
export function splitTags(tags: readonly Tag[], seed: number, share = 0.2): TagSplit {
  const byIdentity = new Map<string, string[]>();
  for (const t of tags) byIdentity.set(t.identity, [...(byIdentity.get(t.identity) ?? []), t.id]);
  const training: string[] = [];
  const validation: string[] = [];
  const counts = new Map<string, { training: number; validation: number }>();
  for (const identity of [...byIdentity.keys()].sort()) {
    const ids = [...new Set(byIdentity.get(identity))].sort();
    const random = seededRandom(seed ^ hash(identity));
    for (let i = ids.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [ids[i], ids[j]] = [ids[j]!, ids[i]!];
    }
    const held = ids.length < 2 ? 0 : Math.min(ids.length - 1, Math.max(1, Math.round(ids.length * share)));
    validation.push(...ids.slice(0, held));
    training.push(...ids.slice(held));
    counts.set(identity, { training: ids.length - held, validation: held });
  }
  return { training, validation, counts };
}

/** The share of samples whose true identity is among the first `k` of their ranking (best first). */
export function topK(samples: readonly { truth: string; ranking: readonly string[] }[], k: number): number {
  if (samples.length === 0) return 0;
  return samples.filter((s) => s.ranking.slice(0, k).includes(s.truth)).length / samples.length;
}

export interface IdentityScore {
  precision: number;
  recall: number;
  f1: number;
  /** held-out tags of this identity */
  support: number;
}

/**
 * Precision, recall and F1 per identity from held-out samples and what the model said of each (null: it named nobody,
 * the reject option). A rejection is a miss of the true identity and no one's false accept. An identity the model never
 * named has precision 0; an identity with no held-out sample is left out (it cannot be measured).
 */
export function identityScores(samples: readonly { truth: string; predicted: string | null }[]): Map<string, IdentityScore> {
  const tp = new Map<string, number>();
  const fp = new Map<string, number>();
  const support = new Map<string, number>();
  const add = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  for (const s of samples) {
    add(support, s.truth);
    if (s.predicted === s.truth) add(tp, s.truth);
    else if (s.predicted !== null) add(fp, s.predicted);
  }
  const scores = new Map<string, IdentityScore>();
  for (const [identity, n] of support) {
    const hits = tp.get(identity) ?? 0;
    const named = hits + (fp.get(identity) ?? 0);
    const precision = named === 0 ? 0 : hits / named;
    const recall = hits / n;
    const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
    scores.set(identity, { precision, recall, f1, support: n });
  }
  return scores;
}

/**
 * The false accept rate at a threshold: of faces that are none of the identities it is asked about (other people's
 * held-out faces, and the hard negatives: 'Not a Face', "not this person"), the share the model would name, i.e. whose
 * best score reaches the threshold for someone they are not.
 */
export function falseAcceptRate(impostors: readonly { score: number }[], threshold: number): number {
  if (impostors.length === 0) return 0;
  return impostors.filter((i) => i.score >= threshold).length / impostors.length;
}

/** Part 2 §4 and §9: when an identity counts as well trained, and the F1 bar's colours. */
export const WELL_TRAINED = { minF1: 0.8, minTagged: 20, greenAbove: 0.8, yellowAbove: 0.6 } as const;

/** Well trained: an F1 score of at least 0.8 when there is one, otherwise at least 20 tagged images ('Needs Training'). */
export function isWellTrained(identity: { f1_score?: number | null; images_tagged: number }): boolean {
  if (identity.f1_score !== undefined && identity.f1_score !== null) return identity.f1_score >= WELL_TRAINED.minF1;
  return identity.images_tagged >= WELL_TRAINED.minTagged;
}

/** The F1 bar: above 0.8 green, above 0.6 yellow, otherwise red. */
export function f1Colour(f1: number): 'green' | 'yellow' | 'red' {
  if (f1 > WELL_TRAINED.greenAbove) return 'green';
  if (f1 > WELL_TRAINED.yellowAbove) return 'yellow';
  return 'red';
}

/** A fraction as a percentage rounded to two decimals, as the model list shows top-1 and top-5: 0.93456 → '93.46%'. */
export function formatPercent(fraction: number): string {
  return `${(Math.round(fraction * 10_000) / 100).toFixed(2)}%`;
}
