import type { AccessEvent } from '@vigil/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Reply, stubApi, type Route } from '../../../test/api-stub';
import { renderWithProviders } from '../../../test/render';
import { accessEventFixture, detectionFixture, DOMAIN, identityFixture, storedTagFixture, testIdentityId } from '../lib/badge.fixture';
import { TaggingModal } from './tagging-modal';

const SAVE = 'POST /api/faces/v1/confirmed_tags';
const HOLDER = testIdentityId('1');
const COTENANT = testIdentityId('2');
const [d1, d2, d3] = ['1', '2', '3'].map((id) => detectionFixture(id));
const holder = identityFixture('1', { cotenants: [{ identityId: COTENANT, name: 'JOHN HILL', role: 'cotenant' }] });

function tap(confirmed: [string, string][] = []): AccessEvent {
  const uuid = accessEventFixture('1').uuid;
  return accessEventFixture('1', {
    detections: [d1!, d2!, d3!],
    confirmedDetections: confirmed.map(([detection, identity]) => storedTagFixture(uuid, detection, identity)),
  });
}

function open(event: AccessEvent, save: Route = () => ({ ok: true, saved: 1 })) {
  const api = stubApi({ [SAVE]: save });
  const onClose = vi.fn();
  const rendered = renderWithProviders(
    <TaggingModal domainId={DOMAIN} identity={holder} target={{ event, detections: event.detections }} onClose={onClose} />,
  );
  return { ...rendered, api, onClose, dialog: screen.getByRole('dialog', { name: 'Click to Select Matching Faces' }) };
}

const face = (dialog: HTMLElement, n: number) => within(dialog).getByRole('button', { name: new RegExp(`^Face ${n}:`) });

describe('the tagging modal', () => {
  it('starts with the confirmed faces; Save confirms the selected and rejects the deselected as WRONG_PERSON', async () => {
    const event = tap([
      [d1!.detectionId, HOLDER],
      [d2!.detectionId, HOLDER],
    ]);
    const { user, api, onClose, dialog } = open(event);
    expect(face(dialog, 1)).toHaveAttribute('aria-pressed', 'true');
    expect(face(dialog, 2)).toHaveAttribute('aria-pressed', 'true');
    expect(face(dialog, 3)).toHaveAttribute('aria-pressed', 'false');

    await user.click(face(dialog, 2));
    await user.click(face(dialog, 3));
    expect(face(dialog, 2)).toHaveAttribute('aria-pressed', 'false');
    expect(face(dialog, 3)).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    const [call] = api.callsTo(SAVE);
    expect(call!.query.get('domain_uuid')).toBe(DOMAIN);
    expect(call!.body).toEqual([
      { access_event_uuid: event.uuid, detection_id: d1!.detectionId, identity_id: HOLDER, rejected: false },
      { access_event_uuid: event.uuid, detection_id: d3!.detectionId, identity_id: HOLDER, rejected: false },
      { access_event_uuid: event.uuid, detection_id: d2!.detectionId, identity_id: HOLDER, rejected: true, rejected_for: 'WRONG_PERSON' },
    ]);
  });

  it('assigns faces to the co-tenant chosen, taking them from the holder', async () => {
    const event = tap([[d1!.detectionId, HOLDER]]);
    const { user, api, dialog } = open(event);
    await user.click(within(dialog).getByRole('radio', { name: 'John Hill' }));
    expect(face(dialog, 1)).toHaveAttribute('aria-pressed', 'false');
    expect(within(face(dialog, 1)).getByText('Mary Hill')).toBeInTheDocument();
    await user.click(face(dialog, 1));
    expect(face(dialog, 1)).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.callsTo(SAVE)).toHaveLength(1));
    expect(api.callsTo(SAVE)[0]!.body).toEqual([
      { access_event_uuid: event.uuid, detection_id: d1!.detectionId, identity_id: HOLDER, rejected: true, rejected_for: 'WRONG_PERSON' },
      { access_event_uuid: event.uuid, detection_id: d1!.detectionId, identity_id: COTENANT, rejected: false },
    ]);
  });

  it('logs a reply that is not ok and stays open', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user, onClose, dialog } = open(tap(), () => ({ ok: false, saved: 0 }));
    await user.click(face(dialog, 1));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Click to Select Matching Faces' })).toBeInTheDocument();
    expect(face(dialog, 1)).toHaveAttribute('aria-pressed', 'true');
  });

  it('logs a refusal and stays open, saying why', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user, onClose, dialog } = open(tap(), () => new Reply(403, { ok: false, statusCode: 403, error: 'No keycard/edit here.' }));
    await user.click(face(dialog, 1));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('No keycard/edit here.');
    expect(logged).toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('saves nothing to send without a call, and closes', async () => {
    const { user, api, onClose, dialog } = open(tap());
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(api.calls).toHaveLength(0);
  });

  it('Cancel closes without saving', async () => {
    const { user, api, onClose, dialog } = open(tap());
    await user.click(face(dialog, 1));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(api.calls).toHaveLength(0);
  });
});
