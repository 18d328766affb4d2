import { describe, expect, it } from 'vitest';
import { storedTagFixture, testIdentityId } from './badge.fixture';
import { initialSelections, ownerOf, tagsToSave, tenantTags, toggleDetection } from './tag-selection';

const EVENT = 'ae000000-0000-4000-8000-000000000001';
const HOLDER = testIdentityId('1');
const COTENANT = testIdentityId('2');
const TENANTS = [HOLDER, COTENANT];
const CONFIRMED = [
  storedTagFixture(EVENT, 'd1', HOLDER),
  storedTagFixture(EVENT, 'd2', HOLDER),
  storedTagFixture(EVENT, 'd3', HOLDER, true),
  storedTagFixture(EVENT, 'd4', COTENANT),
];

describe('tag selections', () => {
  it("start with each tenant's non-rejected confirmations", () => {
    expect(initialSelections(TENANTS, CONFIRMED)).toEqual({ [HOLDER]: ['d1', 'd2'], [COTENANT]: ['d4'] });
  });

  it('toggle a face for the active tenant, taking it from any other', () => {
    const start = initialSelections(TENANTS, CONFIRMED);
    expect(toggleDetection(start, HOLDER, 'd1')).toEqual({ [HOLDER]: ['d2'], [COTENANT]: ['d4'] });
    const moved = toggleDetection(start, HOLDER, 'd4');
    expect(moved).toEqual({ [HOLDER]: ['d1', 'd2', 'd4'], [COTENANT]: [] });
    expect(ownerOf(moved, 'd4')).toBe(HOLDER);
    expect(ownerOf(moved, 'd9')).toBeNull();
  });
});

describe('what Save sends', () => {
  it('confirms every selected face and rejects deselected earlier confirmations as WRONG_PERSON', () => {
    expect(tenantTags(EVENT, HOLDER, ['d2', 'd5'], CONFIRMED)).toEqual([
      { access_event_uuid: EVENT, detection_id: 'd2', identity_id: HOLDER, rejected: false },
      { access_event_uuid: EVENT, detection_id: 'd5', identity_id: HOLDER, rejected: false },
      { access_event_uuid: EVENT, detection_id: 'd1', identity_id: HOLDER, rejected: true, rejected_for: 'WRONG_PERSON' },
    ]);
  });

  it("sends the active tenant's part, and another tenant's only when theirs changed", () => {
    const start = initialSelections(TENANTS, CONFIRMED);
    expect(tagsToSave(EVENT, TENANTS, HOLDER, start, CONFIRMED).map((t) => t.identity_id)).toEqual([HOLDER, HOLDER]);
    const moved = toggleDetection(start, HOLDER, 'd4');
    expect(tagsToSave(EVENT, TENANTS, HOLDER, moved, CONFIRMED)).toEqual([
      { access_event_uuid: EVENT, detection_id: 'd1', identity_id: HOLDER, rejected: false },
      { access_event_uuid: EVENT, detection_id: 'd2', identity_id: HOLDER, rejected: false },
      { access_event_uuid: EVENT, detection_id: 'd4', identity_id: HOLDER, rejected: false },
      { access_event_uuid: EVENT, detection_id: 'd4', identity_id: COTENANT, rejected: true, rejected_for: 'WRONG_PERSON' },
    ]);
  });

  it('is empty when the active tenant has nothing selected and nothing to reject', () => {
    expect(tagsToSave(EVENT, [HOLDER], HOLDER, { [HOLDER]: [] }, [])).toEqual([]);
  });
});
