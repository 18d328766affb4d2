import { confirmsName, type ErasureCounts } from '@vigil/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Reply, stubApi } from '../../../test/api-stub';
import { renderWithProviders } from '../../../test/render';
import { TEST_TOKEN } from '../../../test/session';
import { testUuid } from '../lib/face.fixture';
import { DeleteFaceModal } from './delete-face-modal';

const ID = testUuid('f0ce0001', '7');
const PREVIEW = `GET /api/v1/faces/${ID}/erasure`;
const ERASE = `POST /api/v1/faces/${ID}/erase`;
const COUNTS: ErasureCounts = {
  photos: 2,
  photo_embeddings: 2,
  detections_matched: 3,
  detections_confirmed: 10,
  detection_embeddings: 13,
  pictures: 26,
  reviews: 10,
  other_detections: 4,
  consent_records: 1,
  models: 1,
  alerts: 2,
  badge_identities: 0,
  report_rows: 0,
};

function open(name = 'Ada Lovelace', stored = 'Ada Lovelace') {
  const api = stubApi({
    [PREVIEW]: () => ({ ok: true, frontend_face_uuid: ID, person_name: stored, counts: COUNTS }),
    [ERASE]: (call) =>
      confirmsName((call.body as { confirm: string }).confirm, stored)
        ? {
            ok: true,
            receipt: { frontend_face_uuid: ID, erased_at: '2026-11-20T12:00:00.000Z', erased_by: 'me@vigil.example', counts: COUNTS },
          }
        : new Reply(409, {
            ok: false,
            statusCode: 409,
            error: 'The name typed is not this person’s full name as shown: nothing was erased.',
          }),
  });
  const onDeleted = vi.fn();
  const rendered = renderWithProviders(<DeleteFaceModal faceId={ID} name={name} onClose={vi.fn()} onDeleted={onDeleted} />);
  return { ...rendered, api, onDeleted };
}

describe('erasing a person from the delete dialog', () => {
  it('names what would go, and erases only once their name is typed; then shows the receipt', async () => {
    const { user, api, onDeleted } = open();
    expect(screen.getByRole('dialog', { name: 'Remove Ada Lovelace?' })).toBeInTheDocument();
    expect(api.callsTo(PREVIEW)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Erase this person…' }));
    const dialog = screen.getByRole('dialog', { name: 'Erase Ada Lovelace?' });
    const list = await within(dialog).findByRole('list', { name: 'What would be erased' });
    expect(within(list).getByText('2 registry photos and 2 embeddings of them')).toBeInTheDocument();
    expect(within(list).getByText('10 detections confirmed as them')).toBeInTheDocument();
    expect(within(list).getByText('the face and name on 2 alerts (each keeps its time, camera and dismissal)')).toBeInTheDocument();
    const erase = within(dialog).getByRole('button', { name: 'Erase permanently' });
    expect(erase).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Type “Ada Lovelace” to confirm'), 'ada lovelac');
    expect(erase).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Type “Ada Lovelace” to confirm'), 'e');
    await user.click(erase);
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Ada Lovelace was erased');
    expect(api.callsTo(ERASE)[0]!.body).toEqual({ confirm: 'ada lovelace', token: TEST_TOKEN });
    expect(within(dialog).getByRole('list', { name: 'What was erased' })).toBeInTheDocument();
    expect(onDeleted).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(onDeleted).toHaveBeenCalledTimes(1);
  });

  it('with made-up names shown, typing the shown name sends the stored one', async () => {
    const { user, api } = open('Mary Smith', 'Ada Lovelace');
    await user.click(screen.getByRole('button', { name: 'Erase this person…' }));
    const dialog = screen.getByRole('dialog', { name: 'Erase Mary Smith?' });
    await user.type(await within(dialog).findByLabelText('Type “Mary Smith” to confirm'), 'Mary Smith');
    await user.click(within(dialog).getByRole('button', { name: 'Erase permanently' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Mary Smith was erased');
    expect(api.callsTo(ERASE)[0]!.body).toMatchObject({ confirm: 'Ada Lovelace' });
  });
});
