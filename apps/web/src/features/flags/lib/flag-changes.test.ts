import { describe, expect, it } from 'vitest';
import { flagOverrideChanges } from './flag-changes';

describe('flagOverrideChanges', () => {
  it('lists a flipped, a set and a cleared override, and nothing unchanged', () => {
    expect(
      flagOverrideChanges({ alerts_tab: true, viewer: false, faces: true }, { alerts_tab: false, faces: true, staff_tools: true }),
    ).toEqual(
      expect.arrayContaining([
        { flag: 'alerts_tab', value: false },
        { flag: 'viewer', value: null },
        { flag: 'staff_tools', value: true },
      ]),
    );
    expect(
      flagOverrideChanges({ alerts_tab: true, viewer: false, faces: true }, { alerts_tab: false, faces: true, staff_tools: true }),
    ).toHaveLength(3);
  });

  it('is empty when nothing changed, and one cleared entry per override when all are cleared', () => {
    expect(flagOverrideChanges({ faces: true }, { faces: true })).toEqual([]);
    expect(flagOverrideChanges({ faces: true, viewer: false }, {})).toEqual(
      expect.arrayContaining([
        { flag: 'faces', value: null },
        { flag: 'viewer', value: null },
      ]),
    );
  });
});
