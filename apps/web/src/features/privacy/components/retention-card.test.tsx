import type { RetentionEntry } from '@vigil/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { RetentionCard } from './retention-card';

const entry = (overrides: Partial<RetentionEntry> = {}): RetentionEntry => ({
  category: 'audit',
  days: 730,
  source: 'default',
  default_days: 730,
  min_days: 365,
  scope: 'building',
  held: { count: 3, bytes: null, oldest: null },
  ...overrides,
});

describe('a retention period', () => {
  it('shows the audit trail’s floor as the input’s hint', () => {
    renderWithProviders(<RetentionCard entry={entry()} draft={undefined} canEdit onChange={vi.fn()} />);
    const input = screen.getByRole('textbox', { name: 'Audit trail: kept for (days)' });
    expect(input).toHaveAccessibleDescription('At least 365 days on this installation.');
  });

  it('says when a period set below the floor is kept at the floor', () => {
    renderWithProviders(
      <RetentionCard entry={entry({ days: 400, source: 'floor', min_days: 400 })} draft={undefined} canEdit={false} onChange={vi.fn()} />,
    );
    expect(screen.getByText('Minimum on this installation')).toBeVisible();
    expect(screen.getByText(/at least .* on this installation/)).toBeVisible();
  });

  it('gives no hint where the minimum is a day', () => {
    renderWithProviders(
      <RetentionCard
        entry={entry({ category: 'strangers', days: 7, default_days: 7, min_days: 1 })}
        draft={undefined}
        canEdit
        onChange={vi.fn()}
      />,
    );
    expect(screen.queryByText(/on this installation/)).toBeNull();
  });
});
