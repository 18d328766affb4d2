import { useState } from 'react';
import { ONBOARDING_MESSAGES, newCameraRow } from '@vigil/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { paste, renderWithProviders } from '../../../test/render';
import { CameraRowCard } from './camera-row-card';

/** One camera row as the camera step holds it: its values in state, changed by what the user does. */
function CameraRow({ showErrors = false, canDelete = true, onDelete = () => undefined }) {
  const [row, setRow] = useState(() => newCameraRow('3f1c2a4e-8b7d-4c6e-9a1b-2d3e4f5a6b7c'));
  return (
    <CameraRowCard
      row={row}
      index={0}
      previous={undefined}
      showErrors={showErrors}
      canDelete={canDelete}
      onChange={setRow}
      onDelete={onDelete}
    />
  );
}

function renderRow(props: Parameters<typeof CameraRow>[0] = {}) {
  const rendered = renderWithProviders(<CameraRow {...props} />);
  const row = screen.getByRole('region', { name: 'Camera 1' });
  const { user } = rendered;
  const choose = async (field: string, option: string) => {
    await user.click(within(row).getByRole('textbox', { name: field }));
    await user.click(await within(row).findByRole('option', { name: option }));
  };
  return { ...rendered, row, choose };
}

/** What the row says under its fields: errors, and notes (a UNV camera through the NVR). */
const messages = (row: HTMLElement) =>
  within(row)
    .queryAllByRole('alert')
    .map((alert) => alert.textContent);

describe('camera row', () => {
  it('a TVI camera set to Internal is an error at once, before Finished', async () => {
    const { row, user, choose } = renderRow();
    expect(messages(row)).toEqual([]);

    await choose('Manufacturer', 'TVI');
    await user.click(within(row).getByRole('radio', { name: 'Internal' }));
    expect(messages(row)).toEqual([ONBOARDING_MESSAGES.tviNeedsNvr]);

    await user.click(within(row).getByRole('radio', { name: 'NVR' }));
    expect(messages(row)).toEqual([]);
  });

  it('a UNV camera through the NVR gets a note, which Internal takes away', async () => {
    const { row, user, choose } = renderRow();
    await choose('Manufacturer', 'UNV');
    expect(messages(row)).toEqual([ONBOARDING_MESSAGES.unvInternal]);

    await user.click(within(row).getByRole('radio', { name: 'Internal' }));
    expect(messages(row)).toEqual([]);
  });

  it("after 'Finished' the row says what it still needs, in the spec's words", async () => {
    const { row, user, choose } = renderRow({ showErrors: true });
    expect(messages(row)).toEqual([
      ONBOARDING_MESSAGES.manufacturerOrGpu,
      'Camera address must be an IP address or host name.',
      'Every camera needs a description.',
    ]);

    await choose('Manufacturer', 'Hikvision');
    expect(messages(row)).toContain(ONBOARDING_MESSAGES.gpuMissing);
    await choose('GPU Type', 'Local');
    await paste(user, within(row).getByRole('textbox', { name: 'Address' }), '192.168.1.64');
    await paste(user, within(row).getByRole('textbox', { name: 'Description' }), 'Front Entrance Outdoor');
    expect(messages(row)).toEqual([]);
  });

  it('shows the RTSP address of each chosen stream, without the credentials', async () => {
    const { row, user, choose } = renderRow();
    await choose('Manufacturer', 'Hikvision');
    await paste(user, within(row).getByRole('textbox', { name: 'Address' }), '192.168.1.64');
    await paste(user, within(row).getByRole('textbox', { name: 'Username' }), 'admin');
    await paste(user, within(row).getByLabelText('Password'), 'secret-pass');

    const urls = () =>
      within(row)
        .queryAllByText(/^rtsp:/)
        .map((url) => url.textContent);
    expect(urls()).toHaveLength(2);
    for (const url of urls()) {
      expect(url).toMatch(/^rtsp:\/\/192\.168\.1\.64:554\//);
      expect(url).not.toMatch(/admin|secret-pass/);
    }

    await user.click(within(row).getByRole('checkbox', { name: 'Low' }));
    expect(urls()).toHaveLength(1);
    await user.click(within(row).getByRole('checkbox', { name: 'High' }));
    expect(urls()).toEqual([]);
  });

  it('Delete asks for the row to go', async () => {
    const onDelete = vi.fn();
    const { row, user } = renderRow({ onDelete });
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    expect(onDelete).toHaveBeenCalledOnce();
  });

  it('the only row cannot be deleted', () => {
    const { row } = renderRow({ canDelete: false });
    expect(within(row).getByRole('button', { name: 'Delete' })).toBeDisabled();
  });
});
