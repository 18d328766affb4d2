import type { ErasureCounts } from '@vigil/contract';
import { describe, expect, it } from 'vitest';
import { erasureLines } from './erasure-lines';

const NONE: ErasureCounts = {
  photos: 0,
  photo_embeddings: 0,
  detections_matched: 0,
  detections_confirmed: 0,
  detection_embeddings: 0,
  pictures: 0,
  reviews: 0,
  other_detections: 0,
  consent_records: 0,
  models: 0,
  alerts: 0,
  badge_identities: 0,
  report_rows: 0,
};

describe('what an erasure names', () => {
  it('names each kind of data the person has, counted, and leaves out what they have none of', () => {
    expect(erasureLines(NONE)).toEqual([]);
    expect(
      erasureLines({
        ...NONE,
        photos: 2,
        photo_embeddings: 1,
        detections_confirmed: 1,
        pictures: 1250,
        models: 1,
        alerts: 3,
        badge_identities: 1,
        report_rows: 2,
        other_detections: 14,
      }),
    ).toEqual([
      '2 registry photos and 1 embedding of them',
      '1 detection confirmed as them',
      '1,250 face crops and frames of those detections',
      'their place in 1 trained model',
      'their name on 14 detections of other people (the detections stay)',
      'the face and name on 3 alerts (each keeps its time, camera and dismissal)',
      '1 badge identity with their taps and verified matches',
      '2 rows of reports that name them',
    ]);
  });
});
