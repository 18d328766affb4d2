import { DEFAULT_PREFERENCES, MATCH_FINDER_MESSAGES, type Face, type MatchFinderResult } from '@vigil/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Reply, stubApi, type Route } from '../../../test/api-stub';
import { facesQueryKey } from '../../../lib/api/get-faces';
import { renderWithProviders } from '../../../test/render';
import { TEST_TOKEN } from '../../../test/session';
import { faceHistoryQueryOptions } from '../api/get-face-history';
import { faceFixture, testUuid } from '../lib/face.fixture';
import { FaceDetails, type FaceDetailsAccess } from './face-details';

const NOW = Date.parse('2026-11-20T12:00:00Z');
const ACCESS: FaceDetailsAccess = {
  canEdit: false,
  canDelete: false,
  canViewHistoric: false,
  canOpenConfirmed: true,
  canFindMatches: true,
  expandedHistogram: false,
};
const FRONT = 'c1a00001-0000-4000-8000-00000000a001';
const GARDEN = 'c1a00001-0000-4000-8000-00000000a002';
const FINDER = 'POST /api/v6/faces/matchfinder';
const CONFIRM = 'POST /api/v4/facematchconfirm';

const margaret: Face = faceFixture('1', { images_tagged: 3 });
const faceUuid = (id: string) => testUuid('b0000000', id);

function result(id: string, similarity: number, overrides: Partial<MatchFinderResult> = {}): MatchFinderResult {
  return {
    runtime_face_uuid: faceUuid(id),
    frame_uri: `/media/frames/${id}.jpg?sig=x`,
    camera_uuid: FRONT,
    camera_description: 'Front Entrance Outdoor',
    captured_at: `2026-11-1${id}T10:00:00Z`,
    similarity,
    frontend_face_uuid: null,
    match_confirmed: null,
    ...overrides,
  };
}

const found = (results: MatchFinderResult[], extra: { scanned?: number } = {}) => ({
  ok: true,
  results,
  scanned: extra.scanned ?? 500,
});

/** The server of these tests: the building and its two cameras, and the routes given. */
function server(routes: Record<string, Route>) {
  return stubApi({
    'POST /api/v4/domains': () => ({
      domains: [
        {
          uuid: margaret.domain_uuid,
          description: 'Maple Court',
          cameraUUIDs: [FRONT, GARDEN],
          cameras: [
            { uuid: GARDEN, description: 'Garden Gate', category: 'Outdoor', floor: null, label: null },
            { uuid: FRONT, description: 'Front Entrance Outdoor', category: 'Outdoor', floor: null, label: null },
          ],
          preferences: DEFAULT_PREFERENCES,
        },
      ],
    }),
    ...routes,
  });
}

/** Margaret's details with the match finder opened. */
async function openFinder() {
  const rendered = renderWithProviders(<FaceDetails face={margaret} now={NOW} access={ACCESS} onEdit={vi.fn()} onDelete={vi.fn()} />);
  await rendered.user.click(screen.getByRole('button', { name: 'More Detections' }));
  return { ...rendered, modal: screen.getByRole('dialog', { name: MATCH_FINDER_MESSAGES.title('Margaret Hill') }) };
}

const search = { domain_uuid: margaret.domain_uuid, frontend_face_uuid: margaret.frontend_face_uuid, limit: 100, token: TEST_TOKEN };

describe('the match finder', () => {
  it("opens titled 'Find more tags for {name}?' and searches every day and camera when nothing is given", async () => {
    const api = server({ [FINDER]: () => found([result('1', 0.934)]) });
    const { modal, user } = await openFinder();
    expect(screen.getByText('Find more tags for Margaret Hill?')).toBeInTheDocument();

    await user.click(within(modal).getByRole('button', { name: 'Search' }));
    const grid = await within(modal).findByRole('group', { name: 'Faces found' });
    expect(api.callsTo(FINDER).map((call) => call.body)).toEqual([search]);
    const face = within(grid).getByRole('button', { pressed: false });
    expect(face).toHaveTextContent('Front Entrance Outdoor');
    expect(face).toHaveTextContent('Similarity 0.93');
    expect(within(face).getByRole('img', { name: 'Face at Front Entrance Outdoor' })).toHaveAttribute('src', '/media/frames/1.jpg?sig=x');
  });

  it('sends the dates and the camera chosen, and lists the building’s cameras', async () => {
    const api = server({ [FINDER]: () => found([]) });
    const { modal, user } = await openFinder();

    fireEvent.change(within(modal).getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(within(modal).getByLabelText('To'), { target: { value: '2026-11-15' } });
    const camera = within(modal).getByLabelText('Camera');
    await within(modal).findByRole('option', { name: 'Garden Gate' });
    expect(
      within(camera)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All cameras', 'Front Entrance Outdoor', 'Garden Gate']);
    await user.selectOptions(camera, 'Garden Gate');
    await user.click(within(modal).getByRole('button', { name: 'Search' }));

    expect(await within(modal).findByText('No results.')).toBeInTheDocument();
    expect(api.callsTo(FINDER).map((call) => call.body)).toEqual([
      { ...search, start: '2026-11-01', end: '2026-11-15', camera_uuids: [GARDEN] },
    ]);
  });

  it('refuses a From after To without asking, and keeps what was typed', async () => {
    const api = server({ [FINDER]: () => found([]) });
    const { modal, user } = await openFinder();
    fireEvent.change(within(modal).getByLabelText('From'), { target: { value: '2026-11-15' } });
    fireEvent.change(within(modal).getByLabelText('To'), { target: { value: '2026-11-01' } });
    await user.click(within(modal).getByRole('button', { name: 'Search' }));

    expect(within(modal).getByRole('alert')).toHaveTextContent("'From' must be on or before 'To'.");
    expect(within(modal).getByLabelText('From')).toHaveValue('2026-11-15');
    expect(api.callsTo(FINDER)).toEqual([]);
  });

  it("selects faces, 'Confirm N' confirms them as the person, and they leave the grid", async () => {
    const api = server({
      [FINDER]: () => found([result('1', 0.97), result('2', 0.95), result('3', 0.9)]),
      [CONFIRM]: () => ({ ok: true }),
    });
    const { modal, user, queryClient } = await openFinder();
    const listKey = facesQueryKey(margaret.domain_uuid);
    const historyKey = faceHistoryQueryOptions(margaret.frontend_face_uuid).queryKey;
    queryClient.setQueryData(listKey, [margaret]);
    queryClient.setQueryData(historyKey, { ok: true, history: [], detections: 0, next_before: null });
    await user.click(within(modal).getByRole('button', { name: 'Search' }));
    const grid = await within(modal).findByRole('group', { name: 'Faces found' });
    const faces = within(grid).getAllByRole('button');
    expect(within(modal).getByRole('button', { name: 'Confirm 0' })).toBeDisabled();

    await user.click(faces[0]!);
    await user.click(faces[2]!);
    await user.click(faces[1]!);
    await user.click(faces[1]!);
    expect(faces.map((f) => f.getAttribute('aria-pressed'))).toEqual(['true', 'false', 'true']);
    await user.click(within(modal).getByRole('button', { name: 'Confirm 2' }));

    expect(await within(modal).findByRole('status')).toHaveTextContent('Confirmed 2 faces as Margaret Hill.');
    expect(api.callsTo(CONFIRM).map((call) => call.body)).toEqual([
      {
        runtime_face_uuids: [faceUuid('1'), faceUuid('3')],
        frontend_face_uuid: margaret.frontend_face_uuid,
        is_correct: true,
        token: TEST_TOKEN,
      },
    ]);
    const left = within(grid).getAllByRole('button');
    expect(left).toHaveLength(1);
    expect(left[0]).toHaveAttribute('aria-pressed', 'false');
    expect(left[0]).toHaveTextContent('Similarity 0.95');
    // 'N Confirmed Matches' (the faces list) and the history are asked for again.
    expect(queryClient.getQueryState(listKey)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(historyKey)?.isInvalidated).toBe(true);
  });

  it("'Select all' and 'Select none'", async () => {
    server({ [FINDER]: () => found([result('1', 0.97), result('2', 0.95)]) });
    const { modal, user } = await openFinder();
    await user.click(within(modal).getByRole('button', { name: 'Search' }));
    const grid = await within(modal).findByRole('group', { name: 'Faces found' });

    await user.click(within(modal).getByRole('button', { name: 'Select all' }));
    expect(within(grid).getAllByRole('button', { pressed: true })).toHaveLength(2);
    expect(within(modal).getByRole('button', { name: 'Confirm 2' })).toBeEnabled();
    await user.click(within(modal).getByRole('button', { name: 'Select none' }));
    expect(within(grid).queryAllByRole('button', { pressed: true })).toHaveLength(0);
  });

  it('a face without a picture shows a placeholder', async () => {
    server({ [FINDER]: () => found([result('1', 0.97, { frame_uri: null })]) });
    const { modal, user } = await openFinder();
    await user.click(within(modal).getByRole('button', { name: 'Search' }));
    const grid = await within(modal).findByRole('group', { name: 'Faces found' });
    expect(within(grid).getByText('No picture')).toBeInTheDocument();
  });

  it('says how many faces of the range were compared', async () => {
    server({ [FINDER]: () => found([result('1', 0.97)], { scanned: 1_000_000 }) });
    const { modal, user } = await openFinder();
    await user.click(within(modal).getByRole('button', { name: 'Search' }));
    expect(await within(modal).findByText('1,000,000 faces of the range compared.')).toBeInTheDocument();
  });

  it("a building without a valid time zone: the server's message, and the dates stay", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    server({ [FINDER]: () => new Reply(400, { ok: false, error: MATCH_FINDER_MESSAGES.noTimezone }) });
    const { modal, user } = await openFinder();
    fireEvent.change(within(modal).getByLabelText('From'), { target: { value: '2026-11-01' } });
    await user.click(within(modal).getByRole('button', { name: 'Search' }));

    expect(await within(modal).findByRole('alert')).toHaveTextContent(MATCH_FINDER_MESSAGES.noTimezone);
    expect(within(modal).getByLabelText('From')).toHaveValue('2026-11-01');
    expect(warn).toHaveBeenCalled();
  });

  it("nothing to compare with (409): the server's message; other failures a short line", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let reply = new Reply(409, { ok: false, error: MATCH_FINDER_MESSAGES.noSource });
    server({ [FINDER]: () => reply });
    const { modal, user } = await openFinder();
    await user.click(within(modal).getByRole('button', { name: 'Search' }));
    expect(await within(modal).findByRole('alert')).toHaveTextContent(MATCH_FINDER_MESSAGES.noSource);

    reply = new Reply(500, { ok: false, error: 'SQLITE_BUSY: database is locked' });
    await user.click(within(modal).getByRole('button', { name: 'Search' }));
    const alert = await within(modal).findByText('The search did not work. Please try again.');
    expect(alert).toBeInTheDocument();
    expect(within(modal).queryByText(/SQLITE_BUSY/)).not.toBeInTheDocument();
  });
});
