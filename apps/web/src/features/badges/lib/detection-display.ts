import { detectionColour, ratioPercent, type BadgeDetection, type DetectionColour } from '@vigil/contract';

/** Part 2 §4's display classes as Mantine colours; a co-tenant's face is violet. */
export const DETECTION_COLOURS: Record<DetectionColour, string> = {
  green: 'green',
  yellow: 'yellow',
  gray: 'gray',
  cotenant: 'violet',
};

export interface DetectionDisplay {
  colour: DetectionColour;
  /** High, Medium or Low, or null (no label) */
  label: string | null;
  /** the calibrated confidence as a percent ('98.2%'), or null */
  confidence: string | null;
  /** the co-tenant the face is more like, when it is one */
  cotenant: string | null;
}

/**
 * How a tap's face is shown: its class colour, and the label and confidence against the holder, or against the
 * co-tenant it is more like.
 */
export function detectionDisplay(d: BadgeDetection): DetectionDisplay {
  const colour = detectionColour({ isCotenant: d.isCotenant, label: d.matchConfidenceLabel, verified: d.verified });
  if (d.isCotenant) {
    const against = d.cotenantMatchConfidences.find((c) => c.identity_id === d.cotenantMatchConfidenceLabel.identity_id);
    return {
      colour,
      label: d.cotenantMatchConfidenceLabel.label,
      confidence: against ? ratioPercent(against.nn_prob) : null,
      cotenant: against?.name ?? null,
    };
  }
  return {
    colour,
    label: d.matchConfidenceLabel,
    confidence: d.matchConfidences ? ratioPercent(d.matchConfidences.nn_prob) : null,
    cotenant: null,
  };
}
