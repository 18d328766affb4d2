import { describe, expect, it } from 'vitest';
import { deliveryVersion } from './model-delivery.js';

// The version the gallery names a loaded model's delivered prototypes by (the analyzers refetch when it changes).

const ADA = 'f0ce0001-0000-4000-8000-0000000000a1';
const BO = 'f0ce0001-0000-4000-8000-0000000000b1';
const CALIBRATION = JSON.stringify({ w_sim: 20, w_margin: 10, bias: -14, threshold: 0.92, dims: 3, owners: [ADA, BO] });

describe('a loaded model’s delivery version', () => {
  it('changes when other people’s prototypes are delivered, even as many as before', () => {
    expect(deliveryVersion(CALIBRATION, [ADA])).not.toBe(deliveryVersion(CALIBRATION, [BO]));
    expect(deliveryVersion(CALIBRATION, [ADA, BO])).not.toBe(deliveryVersion(CALIBRATION, [ADA]));
  });

  it('is the same for the same delivery, and differs for a model stored otherwise (an erasure rewrote it)', () => {
    expect(deliveryVersion(CALIBRATION, [ADA, BO])).toBe(deliveryVersion(CALIBRATION, [ADA, BO]));
    const stripped = JSON.stringify({ w_sim: 20, w_margin: 10, bias: -14, threshold: 0.92, dims: 3, owners: [BO] });
    expect(deliveryVersion(stripped, [BO])).not.toBe(deliveryVersion(CALIBRATION, [BO]));
  });
});
