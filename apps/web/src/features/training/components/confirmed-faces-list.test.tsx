import { screen, waitFor, within } from '@testing-library/react';
import type { ConfirmedFace } from '@vigil/contract';
import { describe, expect, it, vi } from 'vitest';
import { Reply, stubApi, type ApiCall } from '../../../test/api-stub';
import { renderWithProviders } from '../../../test/render';
import { TEST_TOKEN } from '../../../test/session';
import { detectionUuid, personUuid } from '../lib/detection.fixture';
import { personNames } from '../lib/person-names';
import { ConfirmedFacesList } from './confirmed-faces-list';

const DOMAIN = '5f0c8a2e-6b1d-4c3e-9a47-0d2b7e1f3a01';
const CONFIRMED = 'POST /api/v4/faces/confirmed';

/** Confirmed face `n` (detection `n`) of Margaret Hill. */
function confirmedFace(n: number, overrides: Partial<ConfirmedFace> = {}): ConfirmedFace {
  return {
    person_name: 'Margaret Hill',
    frontend_image_uri: '/media/people/1/front-thumb.jpg',
    frontend_face_uuid: personUuid('1'),
    runtime_face_uuid: detectionUuid(String(n)),
    frame_uri: `/media/faces/${n}.jpg`,
    captured_at: new Date(Date.parse('2026-11-20T12:00:00Z') - n * 60_000).toISOString().replace(/\.\d+Z$/, 'Z'),
    camera_description: 'Front Entrance Outdoor',
    confirmed_by: 'ops@example.com',
    confirmed_at: '2026-11-20T12:30:00Z',
    ...overrides,
  };
}

/** A server holding `faces`, paged by offset and limit, optionally one person's. */
function confirmedServer(faces: ConfirmedFace[], { remove = () => ({ ok: true }) }: { remove?: (call: ApiCall) => unknown } = {}) {
  let list = faces;
  return stubApi({
    [CONFIRMED]: ({ body }: ApiCall) => {
      const { offset, limit, frontend_face_uuid } = body as { offset: number; limit: number; frontend_face_uuid?: string };
      const theirs = list.filter((face) => !frontend_face_uuid || face.frontend_face_uuid === frontend_face_uuid);
      return { ok: true, faces_confirmed: theirs.slice(offset, offset + limit), total: theirs.length, err: null };
    },
    'POST /api/v4/facematchconfirm': (call: ApiCall) => {
      const answer = remove(call);
      if (!(answer instanceof Reply)) {
        const id = (call.body as { runtime_face_uuids: string[] }).runtime_face_uuids[0];
        list = list.filter((face) => face.runtime_face_uuid !== id);
      }
      return answer;
    },
  });
}

const renderList = (personId: string | null = null) =>
  renderWithProviders(<ConfirmedFacesList domainId={DOMAIN} personId={personId} names={personNames(undefined, false)} />);
const cards = async () => within(await screen.findByRole('list', { name: 'Confirmed faces' })).getAllByRole('listitem');

describe('confirmed faces', () => {
  it("shows each one with the person's profile button, the detected face and a danger 'Remove'", async () => {
    const api = confirmedServer([confirmedFace(1)]);
    renderList();
    const [card] = await cards();
    expect(card).toHaveAccessibleName('Confirmed face of Margaret Hill, Front Entrance Outdoor, Fri, 11/20/2026, 6:59:00 am');
    expect(within(card!).getByRole('link', { name: 'Margaret Hill' })).toHaveAttribute('href', `/faces/${personUuid('1')}`);
    expect(within(card!).getByRole('img', { name: 'Detected face of Margaret Hill' })).toHaveAttribute('src', '/media/faces/1.jpg');
    expect(within(card!).getByRole('button', { name: 'Remove' }).style.getPropertyValue('--button-bg')).toContain('red');
    expect(bodiesOf(api)).toEqual([{ domain_uuid: DOMAIN, offset: 0, limit: 50, token: TEST_TOKEN }]);
  });

  it("'No results.' when there are none", async () => {
    confirmedServer([]);
    renderList();
    expect(await screen.findByText('No results.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Confirmed faces' })).not.toBeInTheDocument();
  });

  it('Remove sends is_correct false for that face and person; on success the face leaves the list', async () => {
    const api = confirmedServer([confirmedFace(1), confirmedFace(2)]);
    const { user } = renderList();
    const [first] = await cards();
    await user.click(within(first!).getByRole('button', { name: 'Remove' }));
    await waitFor(async () => expect(await cards()).toHaveLength(1));
    expect(api.callsTo('POST /api/v4/facematchconfirm').map((call) => call.body)).toEqual([
      { runtime_face_uuids: [detectionUuid('1')], frontend_face_uuid: personUuid('1'), is_correct: false, token: TEST_TOKEN },
    ]);
    expect(within((await cards())[0]!).getByRole('img')).toHaveAttribute('src', '/media/faces/2.jpg');
  });

  it('a failed Remove leaves the face in the list; the error is only logged (a warning)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    confirmedServer([confirmedFace(1)], { remove: () => new Reply(500, { ok: false, error: 'Database is busy.' }) });
    const { user } = renderList();
    const [card] = await cards();
    await user.click(within(card!).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(warn).toHaveBeenCalledWith(expect.stringContaining('Database is busy.')));
    expect(await cards()).toHaveLength(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('everyone: 50 a page, the next page from the faces loaded; with a loading banner while a page loads', async () => {
    const api = confirmedServer(Array.from({ length: 60 }, (_, i) => confirmedFace(i + 1)));
    const { user } = renderList();
    expect(screen.getByRole('status')).toHaveTextContent('Loading confirmed faces…');
    expect(await cards()).toHaveLength(50);
    await user.click(screen.getByRole('button', { name: 'Load More' }));
    await waitFor(async () => expect(await cards()).toHaveLength(60));
    expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
    expect(bodiesOf(api).map((body) => (body as { offset: number }).offset)).toEqual([0, 50]);
  });

  it('one person: a single fetch of up to 50,000, shown 50 more at a time', async () => {
    const api = confirmedServer(Array.from({ length: 70 }, (_, i) => confirmedFace(i + 1)));
    const { user } = renderList(personUuid('1'));
    expect(await cards()).toHaveLength(50);
    await user.click(screen.getByRole('button', { name: 'Load More' }));
    expect(await cards()).toHaveLength(70);
    expect(bodiesOf(api)).toEqual([
      { domain_uuid: DOMAIN, offset: 0, limit: 50_000, frontend_face_uuid: personUuid('1'), token: TEST_TOKEN },
    ]);
  });
});

const bodiesOf = (api: ReturnType<typeof stubApi>) => api.callsTo(CONFIRMED).map((call) => call.body);
