import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { MomentInputs } from './moment-inputs';

// A local moment, so the inputs show it whatever the machine's time zone.
const SHOWN = new Date(2026, 10, 20, 9, 30, 15);

function renderInputs() {
  const onApply = vi.fn();
  renderWithProviders(<MomentInputs value={SHOWN} onApply={onApply} />);
  // The browser's date and time pickers set an input's value whole.
  const pick = (label: 'Date' | 'Time', value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
  return { onApply, pick };
}

describe('archive moment inputs', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('show the moment playing, in local time', () => {
    renderInputs();
    expect(screen.getByLabelText('Date')).toHaveValue('2026-11-20');
    expect(screen.getByLabelText('Time')).toHaveValue('09:30:15');
  });

  it('apply what was typed after a 1 s pause, once, with date and time together', () => {
    const { onApply, pick } = renderInputs();

    pick('Time', '07:05:00');
    act(() => vi.advanceTimersByTime(600));
    pick('Date', '2026-11-19');
    act(() => vi.advanceTimersByTime(999));
    expect(onApply).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Time')).toHaveValue('07:05:00');

    act(() => vi.advanceTimersByTime(1));
    expect(onApply).toHaveBeenCalledOnce();
    expect(onApply).toHaveBeenCalledWith(new Date(2026, 10, 19, 7, 5, 0));
  });

  it('an incomplete date applies nothing', () => {
    const { onApply, pick } = renderInputs();
    pick('Date', '');
    act(() => vi.advanceTimersByTime(5_000));
    expect(onApply).not.toHaveBeenCalled();
  });
});
