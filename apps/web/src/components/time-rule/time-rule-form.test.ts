import { describe, expect, it } from 'vitest';
import { ALERT_DAY_OPTIONS } from '@vigil/contract';
import { DAY_CHOICES, formPoint, pointToForm, twilightChoiceLabels } from './time-rule-form';

describe('time rule form pieces', () => {
  it('keep a fixed time, and give Dawn and Dusk a time to start from should Fixed be chosen', () => {
    expect(pointToForm({ kind: 'Fixed', time: '21:30' }, '20:00')).toEqual({ kind: 'Fixed', time: '21:30' });
    expect(pointToForm({ kind: 'Dusk' }, '20:00')).toEqual({ kind: 'Dusk', time: '20:00' });
  });

  it('send the time only with Fixed', () => {
    expect(formPoint({ kind: 'Dawn', time: '07:00' })).toEqual({ kind: 'Dawn' });
    expect(formPoint({ kind: 'Fixed', time: '07:00' })).toEqual({ kind: 'Fixed', time: '07:00' });
  });

  it("offer every day option, and name today's dawn and dusk when known", () => {
    expect(DAY_CHOICES).toEqual([...ALERT_DAY_OPTIONS]);
    expect(twilightChoiceLabels({ dawn: '06:41', dusk: '17:12' })).toEqual({
      Fixed: 'Fixed time',
      Dawn: 'Dawn (today 06:41)',
      Dusk: 'Dusk (today 17:12)',
    });
    expect(twilightChoiceLabels(undefined)).toEqual({ Fixed: 'Fixed time', Dawn: 'Dawn', Dusk: 'Dusk' });
  });
});
