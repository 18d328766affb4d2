import { describe, expect, it } from 'vitest';
import { mayMarkExitsWhenOnboarding } from './onboarding-exits';

const MAPLE = '6f1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const BIRCH = '8e3d1b7c-2a4f-4e6d-8b19-5c0a9f2e4b02';

describe('the onboarding exit switch', () => {
  it('is offered to staff who hold alerting/edit where they are staff', () => {
    expect(mayMarkExitsWhenOnboarding({ [MAPLE]: { staff: ['view_all'], alerting: ['edit', 'add'] } })).toBe(true);
  });

  it('is not offered for alerting/edit without staff there, staff without it, or nothing at all', () => {
    expect(mayMarkExitsWhenOnboarding({ [MAPLE]: { staff: ['view_all'] }, [BIRCH]: { alerting: ['edit'] } })).toBe(false);
    expect(mayMarkExitsWhenOnboarding({ [MAPLE]: { staff: ['view_all'], alerting: ['receive_er_alerts'] } })).toBe(false);
    expect(mayMarkExitsWhenOnboarding({})).toBe(false);
    expect(mayMarkExitsWhenOnboarding(undefined)).toBe(false);
  });
});
