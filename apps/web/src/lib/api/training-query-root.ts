/**
 * The training tool's queries (detections to review, confirmed faces) live under this key. It is here, not in the
 * training feature, because confirming matches from a person's details (the faces feature) makes them stale too.
 */
export const TRAINING_QUERY_ROOT = ['training'] as const;
