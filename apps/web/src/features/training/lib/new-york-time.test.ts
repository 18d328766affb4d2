import { describe, expect, it } from 'vitest';
import { fromNewYorkInputs, toNewYorkInputs } from './new-york-time';

describe('the date filter in New York time', () => {
  it('reads a winter and a summer wall clock as UTC (EST -5, EDT -4)', () => {
    expect(fromNewYorkInputs('2023-01-02', '15:04:05')).toBe('2023-01-02T20:04:05Z');
    expect(fromNewYorkInputs('2023-07-04', '09:30')).toBe('2023-07-04T13:30:00Z');
  });

  it('gives :00 to a time typed as HH:mm, and null for an incomplete date or time', () => {
    expect(fromNewYorkInputs('2023-01-02', '00:00')).toBe('2023-01-02T05:00:00Z');
    expect(fromNewYorkInputs('', '10:00')).toBeNull();
    expect(fromNewYorkInputs('2023-01-02', '')).toBeNull();
    expect(fromNewYorkInputs('2023-01-02', '7pm')).toBeNull();
  });

  it('round-trips through the inputs, across the change of offset', () => {
    for (const iso of ['2023-03-12T06:59:59Z', '2023-03-12T07:00:00Z', '2023-11-05T05:30:00Z', '2023-11-05T06:30:00Z']) {
      const { date, time } = toNewYorkInputs(iso);
      const back = fromNewYorkInputs(date, time);
      expect(toNewYorkInputs(back!)).toEqual({ date, time });
    }
    expect(toNewYorkInputs('2023-01-02T20:04:05Z')).toEqual({ date: '2023-01-02', time: '15:04:05' });
  });
});
