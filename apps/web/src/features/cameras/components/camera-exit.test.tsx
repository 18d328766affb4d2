import type { CameraStatus } from '@vigil/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Reply, stubApi } from '../../../test/api-stub';
import { renderWithProviders } from '../../../test/render';
import { CameraCard } from './camera-card';
import { CameraSettingsDialog } from './camera-settings-dialog';

// Exits on the cameras page (issue 37): the card's "Exit" badge for everyone who sees the camera, the settings'
// switch for holders of alerting/edit, the fact for the others.
const GATE = 'c1a00001-0000-4000-8000-0000000000a9';

const camera = (over: Partial<CameraStatus> = {}): CameraStatus => ({
  uuid: GATE,
  description: 'Garden Gate',
  category: 'Outdoor',
  floor: null,
  label: null,
  state: 'recording',
  since: null,
  error: null,
  latest_clip_start: null,
  thumbnail_url: null,
  is_exit: false,
  connection: null,
  live_stream: null,
  ...over,
});

const dialog = (over: Partial<CameraStatus>, canMarkExits: boolean) =>
  renderWithProviders(
    <CameraSettingsDialog
      camera={camera(over)}
      canEdit={false}
      canDelete={false}
      canMarkExits={canMarkExits}
      onClose={() => undefined}
      onDeleted={() => undefined}
    />,
  );

describe('the camera card', () => {
  it('shows "Exit" on an exit only', () => {
    const { rerender } = renderWithProviders(<CameraCard camera={camera({ is_exit: true })} fallbackMoment={new Date()} />);
    const card = screen.getByRole('article', { name: 'Garden Gate' });
    expect(within(card).getByTitle('Faces of residents at elopement risk seen here raise elopement alerts.')).toHaveTextContent(/^Exit$/);
    rerender(<CameraCard camera={camera({ is_exit: false })} fallbackMoment={new Date()} />);
    expect(within(screen.getByRole('article', { name: 'Garden Gate' })).queryByText('Exit')).toBeNull();
  });
});

describe('the exit switch in a camera’s settings', () => {
  it('marks the camera an exit for a holder of alerting/edit, and says so', async () => {
    const api = stubApi({
      [`PUT /api/v4/cameras/${GATE}/exit`]: () => ({ ok: true, camera: { uuid: GATE, name: 'Garden Gate', is_exit: true }, changed: true }),
      'GET /api/v4/cameras': () => ({ ok: true, cameras: [camera({ is_exit: true })] }),
    });
    const { user } = dialog({ is_exit: false }, true);
    const toggle = screen.getByRole('switch', { name: /^Exit/ });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    expect(await screen.findByRole('status')).toHaveTextContent(
      "Garden Gate is now an exit: the analyzers treat its next frame as an exit's.",
    );
    expect(api.callsTo(`PUT /api/v4/cameras/${GATE}/exit`).map((c) => c.body)).toEqual([expect.objectContaining({ is_exit: true })]);
  });

  it('says what the server refused, and the switch stays as the camera is', async () => {
    stubApi({
      [`PUT /api/v4/cameras/${GATE}/exit`]: () =>
        new Reply(403, { ok: false, statusCode: 403, error: 'You do not have alerting/edit access in this domain.' }),
    });
    const { user } = dialog({ is_exit: true }, true);
    await user.click(screen.getByRole('switch', { name: /^Exit/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You do not have alerting/edit access in this domain.');
    expect(screen.getByRole('switch', { name: /^Exit/ })).toBeChecked();
  });

  it('is not there without alerting/edit: the settings say whether the camera is an exit', () => {
    dialog({ is_exit: true }, false);
    expect(screen.queryByRole('switch', { name: /^Exit/ })).toBeNull();
    expect(screen.getByText(/^An exit\. Faces of residents at elopement risk seen here raise elopement alerts\./)).toHaveTextContent(
      'Marking exits needs alerting/edit in this building.',
    );
  });
});
