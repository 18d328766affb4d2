import type { AlertRuleFields, Camera } from '@vigil/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { ruleToForm } from '../lib/alert-rule-form';
import { AlertRuleEditor } from './alert-rule-editor';

// The rule editor on the shared time-rule inputs (components/time-rule): days, All Day or Between, and the bounds.
const GATE = 'c1a00001-0000-4000-8000-00000000b001';
const night: AlertRuleFields = {
  name: 'Night at the gate',
  enabled: true,
  categories: ['Pet'],
  camera_uuids: [],
  days: ['Weekday'],
  time_range: { mode: 'Between', start: { kind: 'Dusk' }, end: { kind: 'Fixed', time: '06:30' } },
  idle_seconds: 15,
  rate_limit_seconds: 90,
};

function renderEditor(rule: AlertRuleFields = night) {
  const onSave = vi.fn();
  const rendered = renderWithProviders(
    <AlertRuleEditor
      initial={ruleToForm(rule)}
      editing={rule.name}
      cameras={[{ uuid: GATE, description: 'Garden Gate' } as Camera]}
      today={{ dawn: '06:41', dusk: '17:12' }}
      saving={false}
      serverError={null}
      onSave={onSave}
      onCancel={vi.fn()}
    />,
  );
  return { ...rendered, onSave };
}

describe('alert rule editor', () => {
  it("shows the rule's days and Between bounds, with today's dawn and dusk, and saves a changed end", async () => {
    const { user, onSave } = renderEditor();
    expect(screen.getByLabelText('Between')).toBeChecked();
    expect(screen.getByLabelText('Start')).toHaveValue('Dusk');
    expect(
      within(screen.getByLabelText('Start'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Fixed time', 'Dawn (today 06:41)', 'Dusk (today 17:12)']);
    const end = screen.getByLabelText('End time');
    expect(end).toHaveValue('06:30');
    await user.clear(end);
    await user.type(end, '07:15');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(onSave).toHaveBeenCalledWith({
      ...night,
      time_range: { mode: 'Between', start: { kind: 'Dusk' }, end: { kind: 'Fixed', time: '07:15' } },
    });
  });

  it('hides the bounds for All Day and says what is wrong with an empty fixed time', async () => {
    const { user, onSave } = renderEditor();
    await user.selectOptions(screen.getByLabelText('Start'), 'Fixed');
    await user.clear(screen.getByLabelText('Start time'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('must be a time like 21:30')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
    await user.click(screen.getByLabelText('All Day'));
    expect(screen.queryByLabelText('Start')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(onSave).toHaveBeenCalledWith({ ...night, time_range: { mode: 'All Day' } });
  });
});
