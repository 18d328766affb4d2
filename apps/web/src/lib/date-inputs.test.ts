import { describe, expect, it } from 'vitest';
import { fromDateAndTime, fromDateTimeInput, toDateInput, toDateTimeInput, toTimeInput } from './date-inputs';

describe('date inputs', () => {
  it('round-trips an instant through the local date and time inputs', () => {
    const at = new Date(2026, 10, 22, 5, 31, 7);
    expect(toDateInput(at)).toBe('2026-11-22');
    expect(toTimeInput(at)).toBe('05:31:07');
    expect(fromDateAndTime(toDateInput(at), toTimeInput(at))?.getTime()).toBe(at.getTime());
    expect(fromDateAndTime('2026-11-22', '05:31')?.getTime()).toBe(new Date(2026, 10, 22, 5, 31).getTime());
  });

  it('reads datetime-local values and refuses incomplete ones', () => {
    const at = new Date(2026, 10, 22, 5, 31);
    expect(fromDateTimeInput(toDateTimeInput(at))?.getTime()).toBe(at.getTime());
    expect(fromDateAndTime('', '05:31')).toBeNull();
    expect(fromDateAndTime('2026-11-22', '5')).toBeNull();
    expect(fromDateTimeInput('2026-11-22')).toBeNull();
  });
});
