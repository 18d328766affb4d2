import { describe, expect, it } from 'vitest';
import { consentBadge, purposesText, recognisedNow } from './consent-form';

describe('what the faces pages show of a consent', () => {
  it('badges each answer, and none', () => {
    expect(consentBadge(null)).toEqual({ label: 'No consent recorded', color: 'gray' });
    expect(consentBadge({ state: 'given', purposes: ['recognition'] })).toEqual({ label: 'Consent given', color: 'teal' });
    expect(consentBadge({ state: 'refused', purposes: [] })).toEqual({ label: 'Consent refused', color: 'orange' });
  });

  it('names the purposes in a fixed order', () => {
    expect(purposesText(['alerts', 'recognition'])).toBe('Recognition and alerts');
    expect(purposesText(['alerts'])).toBe('Alerts');
    expect(purposesText([])).toBe('Nothing');
  });

  it('says whether the building recognises the person now', () => {
    expect(recognisedNow(false, null)).toBe(true);
    expect(recognisedNow(true, null)).toBe(false);
    expect(recognisedNow(true, { state: 'given', purposes: ['alerts'] })).toBe(false);
    expect(recognisedNow(true, { state: 'given', purposes: ['recognition'] })).toBe(true);
  });
});
