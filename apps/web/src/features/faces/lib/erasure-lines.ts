import type { ErasureCounts } from '@vigil/contract';

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** What an erasure takes away (or took): a line per kind of data the person has; kinds they have none of are left out. */
export function erasureLines(counts: ErasureCounts): string[] {
  const lines: [number, string][] = [
    [
      counts.photos,
      `${plural(counts.photos, 'registry photo')}${counts.photo_embeddings > 0 ? ` and ${plural(counts.photo_embeddings, 'embedding')} of them` : ''}`,
    ],
    [counts.detections_confirmed, `${plural(counts.detections_confirmed, 'detection')} confirmed as them`],
    [counts.detections_matched, `${plural(counts.detections_matched, 'detection')} matched to them, not reviewed`],
    [counts.detection_embeddings, `${plural(counts.detection_embeddings, 'face embedding')} of those detections`],
    [counts.pictures, `${plural(counts.pictures, 'face crop or frame', 'face crops and frames')} of those detections`],
    [counts.reviews, plural(counts.reviews, 'review answer')],
    [counts.consent_records, plural(counts.consent_records, 'consent record')],
    [counts.models, `their place in ${plural(counts.models, 'trained model')}`],
    [counts.other_detections, `their name on ${plural(counts.other_detections, 'detection')} of other people (the detections stay)`],
    [counts.alerts, `the face and name on ${plural(counts.alerts, 'alert')} (each keeps its time, camera and dismissal)`],
    [
      counts.badge_identities,
      `${plural(counts.badge_identities, 'badge identity', 'badge identities')} with their taps and verified matches`,
    ],
    [counts.report_rows, `${plural(counts.report_rows, 'row')} of reports that name them`],
  ];
  return lines.filter(([n]) => n > 0).map(([, text]) => text);
}
