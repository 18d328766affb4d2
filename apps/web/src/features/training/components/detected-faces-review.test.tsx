import { screen, waitFor, within } from '@testing-library/react';
import { formatFilterDate, type DetectedFace, type FacesDetectedRequest } from '@vigil/contract';
import { describe, expect, it, vi } from 'vitest';
import { Reply, stubApi, type ApiCall } from '../../../test/api-stub';
import { renderWithProviders } from '../../../test/render';
import { TEST_TOKEN } from '../../../test/session';
import { NEW_RESULTS_POLL_MS } from '../api/get-new-results';
import { candidate, detection, detectionUuid, personUuid, reply } from '../lib/detection.fixture';
import { personNames } from '../lib/person-names';
import { DetectedFacesReview } from './detected-faces-review';

const DOMAIN = '5f0c8a2e-6b1d-4c3e-9a47-0d2b7e1f3a01';
const REQUEST: FacesDetectedRequest = {
  domain_uuid: DOMAIN,
  face_uuids: [],
  min_face_height: 0,
  limit: 20,
  camera_uuids: [],
  confidence_operator: 'ge',
  confidence: null,
  shapes: false,
  clahe: false,
  before: null,
};
const DETECTED = 'POST /api/v5/facesdetected2';

/** Three detections, each with candidates Margaret (.97), John (.85), Rosa (.99) and Ada (1). */
const threeFaces = () =>
  ['1', '2', '3'].map((id) => detection(id, [candidate('1', 0.97), candidate('2', 0.854), candidate('3', 0.99), candidate('4', 1)]));

/**
 * A training server: pages of detections by token ('' the first page), which keeps the answers it is given, as the
 * real one does, so pages asked for again show them. `poll` answers the new-results question (limit 1).
 */
function trainingServer(pages: Record<string, { faces: DetectedFace[]; next: string | null }>, poll: () => number = () => 0) {
  const byId = new Map(Object.values(pages).flatMap((page) => page.faces.map((face) => [face.runtime_face_uuid, face] as const)));
  const gone = new Set<string>();
  const patch = (id: string, change: (face: DetectedFace) => DetectedFace) => byId.set(id, change(byId.get(id)!));
  const api = stubApi({
    [DETECTED]: ({ body }: ApiCall) => {
      const { refresh_token: token, limit } = body as { refresh_token?: string | null; limit: number };
      if (limit === 1) return reply([], token ?? null, { newResults: poll() });
      const page = pages[token ?? ''];
      if (!page) return new Reply(400, { ok: false, error: 'refresh_token is not one this server gave.' });
      const faces = page.faces.map((face) => byId.get(face.runtime_face_uuid)!).filter((face) => !gone.has(face.runtime_face_uuid));
      return reply(faces, page.next ?? 'end', { more: page.next !== null });
    },
    'POST /api/v4/facematchconfirm': ({ body }: ApiCall) => {
      const { runtime_face_uuids, frontend_face_uuid, is_correct } = body as {
        runtime_face_uuids: string[];
        frontend_face_uuid: string;
        is_correct: boolean;
      };
      for (const id of runtime_face_uuids) {
        patch(id, (face) => ({
          ...face,
          matches: face.matches.map((m) =>
            m.frontend_face_uuid === frontend_face_uuid
              ? { ...m, is_exact: is_correct, is_rejected: !is_correct }
              : { ...m, is_exact: is_correct ? false : m.is_exact },
          ),
        }));
      }
      return { ok: true };
    },
    'POST /api/v4/faceconfirm': ({ body }: ApiCall) => {
      gone.add((body as { runtime_face_uuid: string }).runtime_face_uuid);
      return { ok: true };
    },
    'POST /api/v4/faces/visitor': ({ body }: ApiCall) => {
      patch((body as { runtime_face_uuid: string }).runtime_face_uuid, (face) => ({ ...face, visitor_face_uuid: personUuid('77') }));
      return { ok: true, frontend_face_uuid: personUuid('77') };
    },
  });
  return api;
}

function renderReview({ canAddVisitor = true }: { canAddVisitor?: boolean } = {}) {
  return renderWithProviders(<DetectedFacesReview request={REQUEST} names={personNames(undefined, false)} canAddVisitor={canAddVisitor} />);
}

const items = async () => within(await screen.findByRole('list', { name: 'Detected faces' })).getAllByRole('listitem');
/** Detection `id`'s list item, found by the time in its name. */
const item = (id: string) => {
  const at = formatFilterDate(detection(id, []).captured_at);
  return screen.getAllByRole('listitem').find((li) => li.getAttribute('aria-label')?.endsWith(at))!;
};
const bodiesTo = (api: ReturnType<typeof stubApi>, key: string) => api.callsTo(key).map((call) => call.body);
const current = () => screen.getAllByRole('listitem').find((li) => li.getAttribute('aria-current') === 'true');

describe('the face training list', () => {
  it('shows each detection with its camera, time, height and confidence, and up to 4 candidates coloured by confidence', async () => {
    trainingServer({ '': { faces: threeFaces().slice(0, 1), next: null } });
    renderReview();
    const [first] = await items();
    expect(first).toHaveAccessibleName(/^Unconfirmed face at Front Entrance Outdoor, Fri, 11\/20\/2026, 6:59:00 am$/);
    expect(within(first!).getByText('Front Entrance Outdoor')).toBeInTheDocument();
    expect(within(first!).getByText('Face height 96px')).toBeInTheDocument();
    expect(within(first!).getByText('Face confidence .99')).toBeInTheDocument();
    expect(
      within(first!)
        .getByText(/ago$|^just now$/)
        .closest('time'),
    ).toHaveAttribute('title', 'Fri, 11/20/2026, 6:59:00 am (New York time)');
    expect(within(first!).getByRole('img', { name: 'Detected face at Front Entrance Outdoor' })).toHaveAttribute(
      'src',
      '/media/faces/1.jpg',
    );

    const candidates = within(within(first!).getByRole('group', { name: 'Candidates' })).getAllByRole('button');
    expect(candidates.map((button) => button.getAttribute('aria-label'))).toEqual([
      'Confirm as Margaret Hill (.97)',
      'Confirm as John Baker (.85)',
      'Confirm as Rosa Diaz (.99)',
      'Confirm as Ada Moore (1)',
    ]);
    const colourOf = (button: HTMLElement, text: string) => within(button).getByText(text).closest('.mantine-Badge-root') as HTMLElement;
    expect(colourOf(candidates[0]!, '.97').style.getPropertyValue('--badge-bg')).toContain('yellow');
    expect(colourOf(candidates[1]!, '.85').style.getPropertyValue('--badge-bg')).toContain('red');
    expect(colourOf(candidates[2]!, '.99').style.getPropertyValue('--badge-bg')).toContain('green');
    expect(within(first!).getByRole('button', { name: 'Not a Face' })).toBeInTheDocument();
    expect(within(first!).getByRole('button', { name: 'Visitor' })).toBeInTheDocument();
    expect(within(first!).queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
  });

  it("a confirmed detection shows its person as confirmed, and 'Undo' instead of 'Not a Face' and 'Visitor'", async () => {
    const confirmed = detection('1', [candidate('1', 0.97, { is_exact: true }), candidate('2', 0.5)]);
    trainingServer({ '': { faces: [confirmed], next: null } });
    renderReview();
    const [first] = await items();
    expect(first).toHaveAccessibleName(/^Face of Margaret Hill at Front Entrance Outdoor/);
    expect(within(first!).getByRole('button', { name: 'Confirm as Margaret Hill (.97)' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(first!).getByText('Confirmed')).toBeInTheDocument();
    expect(within(first!).getByRole('button', { name: 'Undo' })).toBeInTheDocument();
    expect(within(first!).queryByRole('button', { name: 'Not a Face' })).not.toBeInTheDocument();
    expect(within(first!).queryByRole('button', { name: 'Visitor' })).not.toBeInTheDocument();
  });

  it("'No Results' when nothing matches", async () => {
    trainingServer({ '': { faces: [], next: null } });
    renderReview();
    expect(await screen.findByText('No Results')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Detected faces' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
  });

  it("Load More sends the previous reply's token, appends the page, and goes away when the list is complete", async () => {
    const [a, b, c] = threeFaces();
    const api = trainingServer({ '': { faces: [a!, b!], next: 'page-2' }, 'page-2': { faces: [c!], next: null } });
    const { user } = renderReview();
    expect(await items()).toHaveLength(2);
    expect(screen.getByText(/^Showing results up to/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load More' }));
    await waitFor(async () => expect(await items()).toHaveLength(3));
    expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
    const sent = bodiesTo(api, DETECTED) as { refresh_token?: string }[];
    expect(sent.map((body) => body.refresh_token)).toEqual([undefined, 'page-2']);
    expect(sent[0]).toEqual({ ...REQUEST, token: TEST_TOKEN });
    expect(screen.getByText(/^Showing results up to/).querySelector('time')).toHaveAttribute('dateTime', c!.captured_at);
  });

  it("asks every 15 s how many arrived (the held token, limit 1): 'Have N new results', and Refresh reloads from the first page", async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      let arrived = 0;
      const api = trainingServer({ '': { faces: threeFaces(), next: null } }, () => arrived);
      const { user } = renderReview();
      await items();
      expect(screen.queryByText(/new results/)).not.toBeInTheDocument();

      arrived = 3;
      await vi.advanceTimersByTimeAsync(NEW_RESULTS_POLL_MS);
      expect(await screen.findByText('Have 3 new results')).toBeInTheDocument();
      const poll = api.callsTo(DETECTED).find((call) => (call.body as { limit: number }).limit === 1);
      expect(poll?.body).toMatchObject({ refresh_token: 'end', limit: 1, domain_uuid: DOMAIN });

      arrived = 0;
      const before = api.callsTo(DETECTED).length;
      await user.click(screen.getByRole('button', { name: 'Refresh' }));
      await waitFor(() => expect(screen.queryByText(/new results/)).not.toBeInTheDocument());
      await waitFor(() => expect(api.callsTo(DETECTED).length).toBeGreaterThan(before));
      expect(api.callsTo(DETECTED)[before]!.body).toEqual({ ...REQUEST, token: TEST_TOKEN });
      expect(await items()).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('answers', () => {
  it('a candidate confirms the face to them (is_correct true); Undo takes it back (is_correct false)', async () => {
    const api = trainingServer({ '': { faces: threeFaces().slice(0, 1), next: null } });
    const { user } = renderReview();
    const [first] = await items();
    await user.click(within(first!).getByRole('button', { name: 'Confirm as John Baker (.85)' }));

    expect(within(first!).getByRole('button', { name: 'Confirm as John Baker (.85)' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() =>
      expect(bodiesTo(api, 'POST /api/v4/facematchconfirm')).toEqual([
        { runtime_face_uuids: [detectionUuid('1')], frontend_face_uuid: personUuid('2'), is_correct: true, token: TEST_TOKEN },
      ]),
    );
    // Then the page is asked for again, and keeps the answer.
    await waitFor(() => expect(api.callsTo(DETECTED)).toHaveLength(2));
    await user.click(within(first!).getByRole('button', { name: 'Undo' }));
    await waitFor(() =>
      expect(bodiesTo(api, 'POST /api/v4/facematchconfirm')[1]).toEqual({
        runtime_face_uuids: [detectionUuid('1')],
        frontend_face_uuid: personUuid('2'),
        is_correct: false,
        token: TEST_TOKEN,
      }),
    );
    expect(within(first!).getByRole('button', { name: 'Not a Face' })).toBeInTheDocument();
    expect(within(first!).getByText('Not this person')).toBeInTheDocument();
  });

  it("'Not a Face' sends is_face false and the detection leaves the list", async () => {
    const api = trainingServer({ '': { faces: threeFaces().slice(0, 2), next: null } });
    const { user } = renderReview();
    const [first] = await items();
    await user.click(within(first!).getByRole('button', { name: 'Not a Face' }));
    expect(await items()).toHaveLength(1);
    await waitFor(() =>
      expect(bodiesTo(api, 'POST /api/v4/faceconfirm')).toEqual([
        { runtime_face_uuid: detectionUuid('1'), is_face: false, token: TEST_TOKEN },
      ]),
    );
    await waitFor(() => expect(api.callsTo(DETECTED)).toHaveLength(2));
    expect(await items()).toHaveLength(1);
  });

  it("'Visitor' makes the face a visitor and says 'Visitor added. Please refresh.'; without faces/add there is no 'Visitor'", async () => {
    const api = trainingServer({ '': { faces: threeFaces().slice(0, 1), next: null } });
    const { user, unmount } = renderReview();
    const [first] = await items();
    await user.click(within(first!).getByRole('button', { name: 'Visitor' }));
    expect(await screen.findByText('Visitor added. Please refresh.')).toBeInTheDocument();
    expect(bodiesTo(api, 'POST /api/v4/faces/visitor')).toEqual([{ runtime_face_uuid: detectionUuid('1'), token: TEST_TOKEN }]);
    expect(within(first!).getByText('Visitor added')).toBeInTheDocument();
    expect(within(first!).queryByRole('button', { name: 'Visitor' })).not.toBeInTheDocument();
    unmount();

    renderReview({ canAddVisitor: false });
    const [again] = await items();
    expect(within(again!).queryByRole('button', { name: 'Visitor' })).not.toBeInTheDocument();
  });

  it('a refused answer is taken back and the notification says what went wrong', async () => {
    stubApi({
      [DETECTED]: () => reply(threeFaces().slice(0, 1), 'end', { more: false }),
      'POST /api/v4/facematchconfirm': () => new Reply(403, { ok: false, error: 'Entitlements error: Cannot train the model.' }),
    });
    const { user } = renderReview();
    const [first] = await items();
    await user.click(within(first!).getByRole('button', { name: 'Confirm as Margaret Hill (.97)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not confirm the face as Margaret Hill: Entitlements error: Cannot train the model.',
    );
    expect(within(first!).getByRole('button', { name: 'Confirm as Margaret Hill (.97)' })).toHaveAttribute('aria-pressed', 'false');
    expect(within(first!).getByRole('button', { name: 'Not a Face' })).toBeInTheDocument();
  });
});

describe('the keyboard', () => {
  it('J moves on, 1 confirms to the first candidate and moves on, X is Not a Face, U is Undo; keys typed in a field are left alone', async () => {
    const api = trainingServer({ '': { faces: threeFaces(), next: null } });
    const { user } = renderReview();
    await items();
    expect(screen.getByRole('note', { name: 'Keyboard shortcuts' })).toHaveTextContent(/J.*next/);
    expect(current()).toBe(item('1'));

    await user.keyboard('j');
    expect(current()).toBe(item('2'));
    await user.keyboard('1');
    await waitFor(() =>
      expect(bodiesTo(api, 'POST /api/v4/facematchconfirm')).toEqual([
        { runtime_face_uuids: [detectionUuid('2')], frontend_face_uuid: personUuid('1'), is_correct: true, token: TEST_TOKEN },
      ]),
    );
    expect(within(item('2')).getByRole('button', { name: 'Undo' })).toBeInTheDocument();
    expect(current()).toBe(item('3'));
    expect(current()).toHaveFocus();

    await user.keyboard('x');
    await waitFor(() =>
      expect(bodiesTo(api, 'POST /api/v4/faceconfirm')).toEqual([
        { runtime_face_uuid: detectionUuid('3'), is_face: false, token: TEST_TOKEN },
      ]),
    );
    expect(await items()).toHaveLength(2);
    // The last one left: the selection falls back to the one before.
    expect(current()).toBe(item('2'));

    await user.keyboard('u');
    await waitFor(() => expect(bodiesTo(api, 'POST /api/v4/facematchconfirm')).toHaveLength(2));
    expect(bodiesTo(api, 'POST /api/v4/facematchconfirm')[1]).toMatchObject({
      runtime_face_uuids: [detectionUuid('2')],
      is_correct: false,
    });

    await user.keyboard('k');
    expect(current()).toBe(item('1'));

    const field = document.createElement('input');
    document.body.append(field);
    field.focus();
    await user.keyboard('j');
    expect(current()).toBe(item('1'));
    field.remove();
  });

  it('L loads more, and J at the end of the list loads the next page', async () => {
    const [a, b, c] = threeFaces();
    const api = trainingServer({
      '': { faces: [a!], next: 'page-2' },
      'page-2': { faces: [b!], next: 'page-3' },
      'page-3': { faces: [c!], next: null },
    });
    const { user } = renderReview();
    await items();
    await user.keyboard('l');
    await waitFor(async () => expect(await items()).toHaveLength(2));
    await user.keyboard('j');
    await user.keyboard('j');
    await waitFor(async () => expect(await items()).toHaveLength(3));
    expect((bodiesTo(api, DETECTED) as { refresh_token?: string }[]).map((body) => body.refresh_token)).toEqual([
      undefined,
      'page-2',
      'page-3',
    ]);
  });
});
