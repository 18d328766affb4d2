import { useState } from 'react';
import { newCameraRow, type CameraRowDraft } from '@vigil/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { CameraRowCard } from './camera-row-card';

// The onboarding row's "Exit" switch (issue 37): offered to those who may mark exits, it marks the row's camera one.
const seen: CameraRowDraft[] = [];

function CameraRow({ canMarkExits }: { canMarkExits: boolean }) {
  const [row, setRow] = useState(() => newCameraRow('3f1c2a4e-8b7d-4c6e-9a1b-2d3e4f5a6b7c'));
  return (
    <CameraRowCard
      row={row}
      index={0}
      previous={undefined}
      showErrors={false}
      canDelete={false}
      canMarkExits={canMarkExits}
      onChange={(next) => {
        seen.push(next);
        setRow(next);
      }}
      onDelete={() => undefined}
    />
  );
}

describe('the onboarding row’s exit switch', () => {
  it('marks the camera an exit and off again', async () => {
    seen.length = 0;
    const { user } = renderWithProviders(<CameraRow canMarkExits />);
    const row = screen.getByRole('region', { name: 'Camera 1' });
    const toggle = within(row).getByRole('switch', { name: /^Exit/ });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    expect(toggle).toBeChecked();
    expect(seen.at(-1)?.isExit).toBe(true);
    await user.click(toggle);
    expect(toggle).not.toBeChecked();
    expect(seen.at(-1)).not.toHaveProperty('isExit');
  });

  it('is not offered to those who may not mark exits', () => {
    renderWithProviders(<CameraRow canMarkExits={false} />);
    expect(within(screen.getByRole('region', { name: 'Camera 1' })).queryByRole('switch', { name: /^Exit/ })).toBeNull();
  });
});
