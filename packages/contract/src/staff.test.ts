import { describe, expect, it } from 'vitest';
import { canSeeStaffMenu } from './staff.js';

describe('the staff menu (part 1 §2, DECISIONS.md)', () => {
  it('is shown, links and git text alike, to a user holding either view_internal_links or view_git_info', () => {
    expect(canSeeStaffMenu({ staff: ['view_internal_links'] })).toBe(true);
    expect(canSeeStaffMenu({ staff: ['view_git_info'] })).toBe(true);
    expect(canSeeStaffMenu({ staff: ['view_git_info', 'view_internal_links'] })).toBe(true);
  });

  it('is not shown without either, nor for the operations under another service', () => {
    expect(canSeeStaffMenu(undefined)).toBe(false);
    expect(canSeeStaffMenu({ staff: ['feature_flags'] })).toBe(false);
    expect(canSeeStaffMenu({ video: ['view_git_info'] })).toBe(false);
  });
});
