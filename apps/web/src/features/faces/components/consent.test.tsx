import type { ConsentRecord } from '@vigil/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/api-stub';
import { paste, renderWithProviders } from '../../../test/render';
import { faceFixture } from '../lib/face.fixture';
import { FaceDetails, type FaceDetailsAccess } from './face-details';
import { FaceFormModal } from './face-form-modal';

// Consent to recognition on the faces pages (issue 27): what the details say of it, and how the form records it.
const NOW = Date.parse('2026-11-20T12:00:00Z');
const ACCESS: FaceDetailsAccess = {
  canEdit: true,
  canDelete: false,
  canViewHistoric: false,
  canOpenConfirmed: false,
  canFindMatches: false,
  expandedHistogram: false,
};
const byDaughter: ConsentRecord = {
  state: 'given',
  given_by: 'representative',
  representative: 'Jane Doe (daughter)',
  purposes: ['recognition', 'alerts'],
  note: null,
  recorded_by: 'manager@maple.example',
  recorded_at: '2026-11-19T09:30:00Z',
};

describe('consent in the details', () => {
  it('shows the answer with who gave it and who recorded it', async () => {
    const face = faceFixture('1', { consent: { state: 'given', purposes: ['recognition', 'alerts'] } });
    stubApi({ [`GET /api/v1/faces/${face.frontend_face_uuid}/consents`]: () => ({ ok: true, consents: [byDaughter] }) });
    renderWithProviders(<FaceDetails face={face} now={NOW} access={ACCESS} consentRequired onEdit={vi.fn()} onDelete={vi.fn()} />);
    const consent = screen.getByRole('group', { name: 'Consent' });
    expect(within(consent).getByText('Consent given')).toBeInTheDocument();
    expect(
      await within(consent).findByText(/^Given by Jane Doe \(daughter\) for recognition and alerts; recorded by manager@maple\.example/),
    ).toBeInTheDocument();
    expect(within(consent).queryByText(/Not recognised/)).toBeNull();
  });

  it('says when the building does not recognise a person without consent, and loads nothing for them', () => {
    const face = faceFixture('2');
    const api = stubApi({});
    renderWithProviders(<FaceDetails face={face} now={NOW} access={ACCESS} consentRequired onEdit={vi.fn()} onDelete={vi.fn()} />);
    const consent = screen.getByRole('group', { name: 'Consent' });
    expect(within(consent).getByText('No consent recorded')).toBeInTheDocument();
    expect(within(consent).getByText('Not recognised: no consent to recognition')).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });
});

describe('consent in the Edit form', () => {
  const face = faceFixture('3', { complexion: 'black', consent: { state: 'given', purposes: ['recognition', 'alerts'] } });
  const target = { kind: 'edit' as const, face, shown: face };

  it('opens with the newest answer; saving without touching it records no answer', async () => {
    const api = stubApi({
      [`GET /api/v1/faces/${face.frontend_face_uuid}/consents`]: () => ({ ok: true, consents: [byDaughter] }),
      [`PUT /api/v6/faces/${face.frontend_face_uuid}`]: () => ({ ok: true, frontend_face_uuid: face.frontend_face_uuid }),
    });
    const onSaved = vi.fn();
    const { user } = renderWithProviders(<FaceFormModal target={target} onClose={vi.fn()} onSaved={onSaved} />);
    expect(await screen.findByLabelText('Given')).toBeChecked();
    expect(screen.getByLabelText('A representative')).toBeChecked();
    expect(screen.getByLabelText(/^Representative/)).toHaveValue('Jane Doe (daughter)');
    expect(screen.getByLabelText('Recognition')).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledWith(face.frontend_face_uuid));
    expect(api.callsTo(`PUT /api/v6/faces/${face.frontend_face_uuid}`)[0]!.body).not.toHaveProperty('consent');
  });

  it('records a withdrawal, and will not save a representative without a name', async () => {
    const api = stubApi({
      [`GET /api/v1/faces/${face.frontend_face_uuid}/consents`]: () => ({ ok: true, consents: [byDaughter] }),
      [`PUT /api/v6/faces/${face.frontend_face_uuid}`]: () => ({ ok: true, frontend_face_uuid: face.frontend_face_uuid }),
    });
    const onSaved = vi.fn();
    const { user } = renderWithProviders(<FaceFormModal target={target} onClose={vi.fn()} onSaved={onSaved} />);
    const name = await screen.findByLabelText(/^Representative/);
    await user.clear(name);
    expect(screen.getByText('Name the representative who answered.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    await paste(user, name, 'John Doe (son)');
    await user.click(screen.getByLabelText('Refused'));
    expect(screen.queryByLabelText('Recognition')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.callsTo(`PUT /api/v6/faces/${face.frontend_face_uuid}`)[0]!.body).toMatchObject({
      consent: { state: 'refused', given_by: 'representative', representative: 'John Doe (son)', purposes: [] },
    });
  });
});
