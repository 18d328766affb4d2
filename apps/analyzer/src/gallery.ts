/** A candidate for a face: a person of the building's gallery and how alike the two faces are (0..1). */
export interface Candidate {
  personId: string;
  confidence: number;
}

/** Cosine similarity of two embeddings, clamped to 0..1 (opposite directions are as unlike as it gets). */
export function similarity(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length) throw new Error(`embeddings of different lengths (${a.length} and ${b.length})`);
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  if (na === 0 || nb === 0) return 0;
  return Math.max(0, Math.min(1, dot / Math.sqrt(na * nb)));
}

/**
 * A building's gallery: each person's embeddings (from registry photos and, later, confirmed detections). A face is
 * matched 1:N against everyone; a person's score is their best embedding's. Changes take effect for the next match.
 */
export class Gallery {
  private readonly people = new Map<string, Float32Array[]>();

  /** Replaces a person's embeddings (a photo added, changed or removed gives the new set). */
  set(personId: string, embeddings: Float32Array[]): void {
    if (embeddings.length === 0) this.people.delete(personId);
    else this.people.set(personId, embeddings);
  }

  /** A deleted person stops matching at once. */
  remove(personId: string): void {
    this.people.delete(personId);
  }

  get size(): number {
    return this.people.size;
  }

  /** The `k` most alike people, best first. */
  match(embedding: Float32Array, k = 4): Candidate[] {
    const scored: Candidate[] = [];
    for (const [personId, embeddings] of this.people) {
      let best = 0;
      for (const known of embeddings) best = Math.max(best, similarity(embedding, known));
      scored.push({ personId, confidence: best });
    }
    return scored.sort((a, b) => b.confidence - a.confidence).slice(0, k);
  }
}
