import { describe, expect, it } from 'vitest';
import { alertRuleInputSchema, type AlertRuleFields } from '@vigil/contract';
import { EMPTY_RULE_FORM, describeRule, formToRule, ruleToForm, twilightChoiceLabels, type AlertRuleForm } from './alert-rule-form';

const GATE = 'c1a00001-0000-4000-8000-00000000b001';
const RECEPTION = 'c1a00001-0000-4000-8000-00000000b004';
const cameras = [
  { uuid: GATE, description: 'Garden Gate Outdoor' },
  { uuid: RECEPTION, description: 'Reception' },
];

const nightRule: AlertRuleFields = {
  name: 'Night at the gate',
  enabled: false,
  categories: ['Other', 'Crowd'],
  camera_uuids: [GATE],
  days: ['Weekday', 'Sunday'],
  time_range: { mode: 'Between', start: { kind: 'Dusk' }, end: { kind: 'Fixed', time: '06:30' } },
  idle_seconds: 15,
  rate_limit_seconds: 90,
};

describe('rule form <-> schema', () => {
  it('turns a filled form into the rule the schema accepts', () => {
    const form: AlertRuleForm = { ...EMPTY_RULE_FORM, name: '  Pets only ', categories: ['Pet'], idleSeconds: '5', rateLimitSeconds: '10' };
    const result = formToRule(form);
    expect(result).toEqual({
      ok: true,
      rule: {
        name: 'Pets only',
        enabled: true,
        categories: ['Pet'],
        camera_uuids: [],
        days: ['Day'],
        time_range: { mode: 'All Day' },
        idle_seconds: 5,
        rate_limit_seconds: 10,
      },
    });
    expect(result.ok && alertRuleInputSchema.safeParse(result.rule).success).toBe(true);
  });

  it('round-trips a saved rule through the form unchanged', () => {
    const form = ruleToForm(nightRule);
    expect(form).toMatchObject({ timeMode: 'Between', start: { kind: 'Dusk' }, end: { kind: 'Fixed', time: '06:30' }, cameraIds: [GATE] });
    expect(formToRule(form)).toEqual({ ok: true, rule: nightRule });
  });

  it('sends only the kind for Dawn and Dusk, and drops both bounds for All Day', () => {
    const between = formToRule({ ...ruleToForm(nightRule), start: { kind: 'Dawn', time: '09:00' } });
    expect(between.ok && between.rule.time_range).toEqual({
      mode: 'Between',
      start: { kind: 'Dawn' },
      end: { kind: 'Fixed', time: '06:30' },
    });
    const allDay = formToRule({ ...ruleToForm(nightRule), timeMode: 'All Day' });
    expect(allDay.ok && allDay.rule.time_range).toEqual({ mode: 'All Day' });
  });

  it('reports each problem on its field, in the schema words', () => {
    const result = formToRule({
      ...EMPTY_RULE_FORM,
      name: ' ',
      categories: [],
      days: [],
      timeMode: 'Between',
      start: { kind: 'Fixed', time: '' },
      end: { kind: 'Dawn', time: '' },
      idleSeconds: '7',
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        name: 'Please give the rule a name.',
        categories: 'Choose at least one category.',
        days: 'Choose at least one day.',
        start: 'must be a time like 21:30',
        idleSeconds: 'Choose one of the listed numbers of seconds.',
      },
    });
  });
});

describe('describeRule', () => {
  it('names the categories, cameras, days, time and throttle', () => {
    expect(describeRule(nightRule, cameras)).toBe(
      'Other, Crowd · Garden Gate Outdoor · Weekday, Sunday · Dusk–06:30 · idle 15 s, at most one alert per 90 s',
    );
    expect(describeRule({ ...nightRule, camera_uuids: [], time_range: { mode: 'All Day' } }, cameras)).toContain(
      'All cameras · Weekday, Sunday · All Day',
    );
  });
});

describe('twilightChoiceLabels', () => {
  it("puts today's dawn and dusk beside the choices when known", () => {
    expect(twilightChoiceLabels({ dawn: '06:41', dusk: '17:02' })).toEqual({
      Fixed: 'Fixed time',
      Dawn: 'Dawn (today 06:41)',
      Dusk: 'Dusk (today 17:02)',
    });
    expect(twilightChoiceLabels({ dawn: null, dusk: null })).toEqual({ Fixed: 'Fixed time', Dawn: 'Dawn', Dusk: 'Dusk' });
  });
});
