import type { ElopementRiskHours } from '@vigil/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/api-stub';
import { renderWithProviders } from '../../../test/render';
import { faceFixture } from '../lib/face.fixture';
import { FaceDetails, type FaceDetailsAccess } from './face-details';
import { FaceFormModal } from './face-form-modal';

// A resident's elopement risk limited to times (issue 37): set in the Edit form with the alert rules' inputs, shown in
// the details.
const NOW = Date.parse('2026-11-20T12:00:00Z');
const ACCESS: FaceDetailsAccess = {
  canEdit: true,
  canDelete: false,
  canViewHistoric: false,
  canOpenConfirmed: false,
  canFindMatches: false,
  expandedHistogram: false,
};
const DUSK_TO_DAWN: ElopementRiskHours = {
  days: ['Day'],
  time_range: { mode: 'Between', start: { kind: 'Dusk' }, end: { kind: 'Dawn' } },
};

const details = (face: ReturnType<typeof faceFixture>) =>
  renderWithProviders(<FaceDetails face={face} now={NOW} access={ACCESS} onEdit={vi.fn()} onDelete={vi.fn()} />);

describe('elopement-risk hours in the details', () => {
  it('say always, or the hours and days, for a resident at risk; nothing for anyone else', () => {
    stubApi({});
    const { unmount } = details(faceFixture('1', { elopement_risk: true, elopement_risk_hours: DUSK_TO_DAWN }));
    expect(screen.getByText('Elopement risk: Dusk to Dawn, every day')).toBeInTheDocument();
    unmount();
    const always = details(faceFixture('2', { elopement_risk: true }));
    expect(screen.getByText('Elopement risk: Always')).toBeInTheDocument();
    always.unmount();
    details(faceFixture('3'));
    expect(screen.queryByText(/^Elopement risk:/)).toBeNull();
  });
});

describe('elopement-risk hours in the Edit form', () => {
  const setUp = (face: ReturnType<typeof faceFixture>) => {
    const api = stubApi({
      [`GET /api/v1/faces/${face.frontend_face_uuid}/consents`]: () => ({ ok: true, consents: [] }),
      [`PUT /api/v6/faces/${face.frontend_face_uuid}`]: () => ({ ok: true, frontend_face_uuid: face.frontend_face_uuid }),
    });
    const onSaved = vi.fn();
    const rendered = renderWithProviders(
      <FaceFormModal target={{ kind: 'edit', face, shown: face }} onClose={vi.fn()} onSaved={onSaved} />,
    );
    const sent = () => api.callsTo(`PUT /api/v6/faces/${face.frontend_face_uuid}`)[0]?.body as { face_info: Record<string, unknown> };
    return { ...rendered, onSaved, sent };
  };

  it('sets Between Dusk and Dawn for a resident at risk, with the days and the bounds of the alert rules', async () => {
    const face = faceFixture('4', { complexion: 'black', elopement_risk: true });
    const { user, onSaved, sent } = setUp(face);
    const hours = await screen.findByRole('radiogroup', { name: 'Elopement risk hours' });
    expect(within(hours).getByLabelText('Always')).toBeChecked();
    expect(screen.queryByLabelText('Start')).toBeNull();
    await user.click(within(hours).getByLabelText('Between'));
    // Opens at Dusk to Dawn, every day; the Fixed choice asks for its time.
    expect(screen.getByLabelText('Start')).toHaveValue('Dusk');
    expect(screen.getByLabelText('End')).toHaveValue('Dawn');
    expect(
      within(screen.getByLabelText('Start'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Fixed time', 'Dawn', 'Dusk']);
    await user.selectOptions(screen.getByLabelText('End'), 'Fixed');
    const endTime = screen.getByLabelText('End time');
    await user.clear(endTime);
    await user.type(endTime, '06:30');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sent().face_info).toMatchObject({
      elopement_risk: true,
      elopement_risk_hours: {
        days: ['Day'],
        time_range: { mode: 'Between', start: { kind: 'Dusk' }, end: { kind: 'Fixed', time: '06:30' } },
      },
    });
  });

  it('opens with the stored hours, says what is wrong with them, and sends none once the resident is no longer at risk', async () => {
    const face = faceFixture('5', { complexion: 'black', elopement_risk: true, elopement_risk_hours: DUSK_TO_DAWN });
    const { user, onSaved, sent } = setUp(face);
    expect(await screen.findByLabelText('Between')).toBeChecked();
    expect(screen.getByLabelText('Start')).toHaveValue('Dusk');
    // No day left: the alert rules' words, and no Save.
    const days = screen.getByRole('textbox', { name: 'Days' });
    await user.click(days);
    await user.keyboard('{Backspace}');
    expect(await screen.findByText('Choose at least one day.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    await user.click(screen.getByLabelText('No'));
    expect(screen.queryByRole('radiogroup', { name: 'Elopement risk hours' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sent().face_info).toMatchObject({ elopement_risk: false });
    expect(sent().face_info).not.toHaveProperty('elopement_risk_hours');
  });

  it('sends always (null) when Always is chosen again', async () => {
    const face = faceFixture('6', { complexion: 'black', elopement_risk: true, elopement_risk_hours: DUSK_TO_DAWN });
    const { user, onSaved, sent } = setUp(face);
    await user.click(await screen.findByLabelText('Always'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sent().face_info).toMatchObject({ elopement_risk: true, elopement_risk_hours: null });
  });
});
