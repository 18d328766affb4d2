import { FACES_MESSAGES, type Face, type HistoryEntry } from '@vigil/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Reply, stubApi } from '../../../test/api-stub';
import { renderWithProviders } from '../../../test/render';
import { faceFixture, photoFixture, testUuid } from '../lib/face.fixture';
import { formatMoment } from '../../../lib/format-moment';
import { FaceDetails, type FaceDetailsAccess } from './face-details';

const NOW = Date.parse('2026-11-20T12:00:00Z');
const FULL: FaceDetailsAccess = {
  canEdit: true,
  canDelete: true,
  canViewHistoric: true,
  canOpenConfirmed: true,
  canFindMatches: true,
  expandedHistogram: false,
};
const NONE: FaceDetailsAccess = {
  canEdit: false,
  canDelete: false,
  canViewHistoric: false,
  canOpenConfirmed: false,
  canFindMatches: false,
  expandedHistogram: false,
};
const CAMERA = 'c1a00001-0000-4000-8000-00000000a001';

const margaret = (overrides: Partial<Face> = {}) =>
  faceFixture('1', {
    room: '12',
    wing: 'East',
    elopement_risk: true,
    images: [photoFixture('1', 'front'), photoFixture('1', 'side')],
    images_tagged: 3,
    ...overrides,
  });

/** `n` detections at the front door, a minute apart, newest first. */
function history(face: Face, n: number): HistoryEntry[] {
  return Array.from({ length: n }, (_, i) => ({
    runtime_face_uuid: testUuid('b0000000', String(i + 1)),
    frontend_face_uuid: face.frontend_face_uuid,
    captured_at: new Date(NOW - (i + 1) * 60_000).toISOString().replace(/\.\d+Z$/, 'Z'),
    camera_uuid: CAMERA,
    camera_description: 'Front Entrance Outdoor',
    match_confidence: i === 0 ? 0.999 : 0.93,
    face_confidence: null,
    merged: false,
    mergeCount: 1,
    confirmed: false,
    confirmed_at: null,
    poster_uri: null,
    frame_uri: null,
  }));
}

function renderDetails(face: Face, access: FaceDetailsAccess = FULL) {
  const onEdit = vi.fn();
  const onDelete = vi.fn();
  const rendered = renderWithProviders(<FaceDetails face={face} now={NOW} access={access} onEdit={onEdit} onDelete={onDelete} />);
  return { ...rendered, onEdit, onDelete, details: screen.getByRole('region', { name: face.person_name }) };
}

describe('face details', () => {
  it('shows the name, the tags, the photos and the confirmed matches, with Edit and Delete for those who may', async () => {
    stubApi({});
    const { details, user, onEdit, onDelete } = renderDetails(margaret());

    expect(within(details).getByRole('heading', { name: 'Margaret Hill' })).toBeInTheDocument();
    const tags = within(details).getByRole('group', { name: 'Tags' });
    expect(
      within(tags)
        .getAllByText(/./)
        .map((tag) => tag.textContent),
    ).toEqual(['Resident', 'Elopement Risk', 'Room 12', 'Wing East']);
    expect(within(details).getByRole('img', { name: 'Front photo of Margaret Hill' })).toBeInTheDocument();
    expect(within(details).getByRole('img', { name: 'Side photo of Margaret Hill' })).toBeInTheDocument();
    expect(within(details).getByRole('link', { name: '3 Confirmed Matches' })).toHaveAttribute(
      'href',
      `/confirmed/${margaret().frontend_face_uuid}`,
    );
    expect(within(details).getByRole('button', { name: 'More Detections' })).toBeInTheDocument();

    await user.click(within(details).getByRole('button', { name: 'Edit' }));
    await user.click(within(details).getByRole('button', { name: 'Delete' }));
    expect(onEdit).toHaveBeenCalledOnce();
    expect(onDelete).toHaveBeenCalledOnce();
  });

  it("'Export data' for holders of faces/find_all downloads the person's zip; a refusal says why", async () => {
    const person = margaret();
    const route = `GET /api/v1/faces/${person.frontend_face_uuid}/export`;
    let refuse = false;
    const api = stubApi({
      [route]: () => (refuse ? new Reply(403, { ok: false, statusCode: 403, error: 'No faces/find_all here.' }) : 'PK'),
    });
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    // Spied and restored below: the component project shares one window between files.
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:zip');
    const revoked = vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    const { details, user } = renderDetails(person, { ...FULL, canExport: true });
    await user.click(within(details).getByRole('button', { name: 'Export data' }));
    await vi.waitFor(() => expect(saved).toEqual([expect.stringMatching(/^vigil-person-f0ce0000-\d{4}-\d{2}-\d{2}\.zip$/)]));
    expect(api.callsTo(route)).toHaveLength(1);
    refuse = true;
    await user.click(within(details).getByRole('button', { name: 'Export data' }));
    expect(await within(details).findByRole('alert')).toHaveTextContent('Could not export their data: No faces/find_all here.');
    click.mockRestore();
    created.mockRestore();
    revoked.mockRestore();
  });

  it('without the rights: no Edit, no Delete, no More Detections, and the confirmed matches as plain text', () => {
    stubApi({});
    const { details } = renderDetails(margaret(), NONE);
    expect(within(details).queryByRole('button', { name: 'More Detections' })).not.toBeInTheDocument();
    expect(within(details).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(within(details).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(within(details).queryByRole('button', { name: 'Export data' })).not.toBeInTheDocument();
    expect(within(details).queryByRole('link')).not.toBeInTheDocument();
    expect(within(details).getByText('3 Confirmed Matches')).toBeInTheDocument();
  });

  it("a person never seen: 'Not seen yet.' and 'No History' under Most Recent Detection", () => {
    stubApi({});
    const { details } = renderDetails(margaret());
    expect(within(details).getByText('Not seen yet.')).toBeInTheDocument();
    expect(within(details).getByRole('tab', { name: FACES_MESSAGES.mostRecentDetection })).toHaveAttribute('aria-selected', 'true');
    expect(within(details).getByRole('tabpanel')).toHaveTextContent(FACES_MESSAGES.noHistory);
  });

  it('a person seen: where and how long ago, and the most recent detection', () => {
    stubApi({});
    const seen = margaret({
      last_seen_datetime: '2026-11-20T11:55:00Z',
      last_seen_camera_uuid: CAMERA,
      last_seen_camera_description: 'Front Entrance Outdoor',
      last_seen_preview: '/media/preview.jpg',
    });
    const { details } = renderDetails(seen);
    expect(within(details).getByText(/Last seen at/)).toHaveTextContent(/^Last seen at Front Entrance Outdoor, 5 minutes ago/);
    expect(within(details).getByRole('img', { name: 'Most recent detection of Margaret Hill' })).toBeInTheDocument();
  });

  it("Show/Hide History loads the history when opened, with 'Watch Video' for those who may, and hides it when clicked again", async () => {
    const face = margaret();
    let answer: (reply: unknown) => void = () => undefined;
    const api = stubApi({
      [`GET /api/v6/faces/${face.frontend_face_uuid}/history`]: () => new Promise((resolve) => (answer = resolve)),
    });
    const { details, user } = renderDetails(face);
    expect(api.calls).toEqual([]);

    const historyTab = within(details).getByRole('tab', { name: FACES_MESSAGES.showHideHistory });
    await user.click(historyTab);
    expect(await within(details).findByRole('status')).toHaveTextContent(FACES_MESSAGES.loadingHistory);
    answer({ ok: true, history: history(face, 2), detections: 2, next_before: null });

    const rows = within(await within(details).findByRole('list', { name: 'History' })).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByLabelText('Match confidence 1')).toBeInTheDocument();
    expect(within(rows[1]!).getByLabelText('Match confidence .93')).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('link', { name: 'Watch Video' })).toHaveAttribute('href', `/view/${CAMERA}/2026-11-20T11:59:00Z`);

    await user.click(historyTab);
    expect(within(details).queryByRole('list', { name: 'History' })).not.toBeInTheDocument();
    expect(within(details).queryByRole('tabpanel')).not.toBeInTheDocument();
  });

  it("a long history shows 10 detections until 'Show All', then 'Just 10 Detections'; no 'Watch Video' without view_historic", async () => {
    const face = margaret();
    stubApi({
      [`GET /api/v6/faces/${face.frontend_face_uuid}/history`]: () => ({
        ok: true,
        history: history(face, 12),
        detections: 12,
        next_before: null,
      }),
    });
    const { details, user } = renderDetails(face, { ...FULL, canViewHistoric: false });

    await user.click(within(details).getByRole('tab', { name: FACES_MESSAGES.showHideHistory }));
    const list = await within(details).findByRole('list', { name: 'History' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(within(list).queryByRole('link', { name: 'Watch Video' })).not.toBeInTheDocument();

    await user.click(within(details).getByRole('button', { name: FACES_MESSAGES.showAll }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(12);
    await user.click(within(details).getByRole('button', { name: FACES_MESSAGES.justDetections(10) }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
  });

  it("a history that cannot load says so, and 'Try again' asks again", async () => {
    const face = margaret();
    let fail = true;
    stubApi({
      [`GET /api/v6/faces/${face.frontend_face_uuid}/history`]: () =>
        fail ? new Reply(500, { ok: false, error: 'The database is busy.' }) : { ok: true, history: [], detections: 0, next_before: null },
    });
    const { details, user } = renderDetails(face);

    await user.click(within(details).getByRole('tab', { name: FACES_MESSAGES.showHideHistory }));
    const alert = await within(details).findByRole('alert');
    expect(alert).toHaveTextContent('The history could not be loaded');
    expect(alert).toHaveTextContent('The database is busy.');

    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(details).findByText(FACES_MESSAGES.noHistory)).toBeInTheDocument();
  });

  it("a confirmed detection carries a 'Confirmed' badge with when it was confirmed in its title", async () => {
    const face = margaret();
    const [first, second] = history(face, 2);
    const confirmedAt = '2026-11-20T11:59:30Z';
    stubApi({
      [`GET /api/v6/faces/${face.frontend_face_uuid}/history`]: () => ({
        ok: true,
        history: [{ ...first!, confirmed: true, confirmed_at: confirmedAt }, second!],
        detections: 2,
        next_before: null,
      }),
    });
    const { details, user } = renderDetails(face);

    await user.click(within(details).getByRole('tab', { name: FACES_MESSAGES.showHideHistory }));
    const rows = within(await within(details).findByRole('list', { name: 'History' })).getAllByRole('listitem');
    const badge = within(rows[0]!).getByText('Confirmed');
    expect(badge.closest('[title]')).toHaveAttribute('title', `Confirmed ${formatMoment(Date.parse(confirmedAt))}`);
    expect(within(rows[1]!).queryByText('Confirmed')).not.toBeInTheDocument();
  });
});
