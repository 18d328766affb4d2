import { describe, expect, it } from 'vitest';
import { DEFAULT_ESCALATION, ESCALATION } from '@vigil/contract';
import { formToSettings, settingsToForm, tierTiming, withTierAdded, withTierChanged, withTierRemoved } from './escalation-form';

describe('the escalation form', () => {
  it('round-trips the settings, and adds, changes and removes tiers', () => {
    let form = settingsToForm(DEFAULT_ESCALATION);
    expect(formToSettings(form)).toEqual({ ok: true, settings: DEFAULT_ESCALATION });
    form = withTierAdded(form);
    form = withTierChanged(form, form.tiers[1]!.key, { name: 'Managers', roleIds: ['facility-manager'] });
    form = { ...form, delaySeconds: ' 45 ' };
    expect(formToSettings(form)).toEqual({
      ok: true,
      settings: {
        delay_seconds: 45,
        tiers: [
          { name: 'Everyone on duty', role_ids: [], user_ids: [] },
          { name: 'Managers', role_ids: ['facility-manager'], user_ids: [] },
        ],
      },
    });
    expect(withTierRemoved(form, form.tiers[0]!.key).tiers.map((t) => t.name)).toEqual(['Managers']);
    // Each tier keeps a key of its own.
    expect(new Set(form.tiers.map((t) => t.key)).size).toBe(2);
  });

  it('stops at the most tiers allowed', () => {
    let form = settingsToForm(DEFAULT_ESCALATION);
    for (let i = 0; i < 10; i++) form = withTierAdded(form);
    expect(form.tiers).toHaveLength(ESCALATION.maxTiers);
  });

  it('says what is wrong, by field', () => {
    const form = settingsToForm(DEFAULT_ESCALATION);
    expect(formToSettings({ ...form, delaySeconds: '5' })).toEqual({
      ok: false,
      errors: { delay: 'Give a whole number of seconds from 10 to 600.' },
    });
    expect(formToSettings({ ...form, delaySeconds: '30.5' })).toMatchObject({ ok: false, errors: { delay: expect.any(String) } });
    expect(formToSettings({ ...form, delaySeconds: '' })).toMatchObject({ ok: false, errors: { delay: expect.any(String) } });
    expect(formToSettings(withTierChanged(form, form.tiers[0]!.key, { name: '  ' }))).toEqual({
      ok: false,
      errors: { 'tier.0.name': 'Give the tier a name.' },
    });
    expect(formToSettings({ ...form, tiers: [] })).toEqual({ ok: false, errors: { tiers: 'Keep at least one tier.' } });
  });

  it('says when each tier is told', () => {
    expect(tierTiming(0, 1, 30)).toBe('Told at once, and again after 30 s if nobody is on it');
    expect(tierTiming(0, 3, 30)).toBe('Told at once');
    expect(tierTiming(1, 3, 30)).toBe('Told after 30 s if nobody is on it');
    expect(tierTiming(2, 3, 30)).toBe('Told after 1 min if nobody is on it');
    expect(tierTiming(2, 3, 45)).toBe('Told after 1 min 30 s if nobody is on it');
  });
});
