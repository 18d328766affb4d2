import {
  DEFAULT_PREFERENCES,
  type AccessEventsReply,
  type BadgeIdentity,
  type CredentialReportReply,
  type Operation,
} from '@vigil/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi, type Route as ApiRoute } from '../../../test/api-stub';
import { renderWithProviders } from '../../../test/render';
import { DOMAIN, JOHN, MARY, adaFixture } from '../lib/badge.fixture';
import BadgesPage from './badges-page';

const ada = adaFixture(100);
const EVERYONE = [MARY, JOHN, ada];

const report = (rows: number): CredentialReportReply => ({
  ok: true,
  report: {
    id: null,
    metadata: {
      title: 'Credential Mismatch',
      kind: 'credential_mismatch',
      generated: '2026-11-20T12:00:00.000Z',
      date_start_ts: '2026-11-13T12:00:00.000Z',
      date_end_ts: '2026-11-20T12:00:00.000Z',
      timezone: 'America/New_York',
      rows,
      generated_by: null,
    },
    headers: [],
    values: [],
  },
});

const events = (identity: BadgeIdentity): AccessEventsReply => ({ ok: true, identity, events: [], more: false, lastVerification: null });

function server(
  keycard: Operation[] = ['view_all'],
  faces: Operation[] = ['view_training_progress'],
  routes: Record<string, ApiRoute> = {},
) {
  return stubApi({
    'GET /api/v1/users/me/entitlements': () => ({ ok: true, entitlementsByDomain: { [DOMAIN]: { keycard, faces } } }),
    'POST /api/v4/domains': () => ({
      domains: [{ uuid: DOMAIN, description: 'Maple Court', cameraUUIDs: [], cameras: [], preferences: DEFAULT_PREFERENCES }],
    }),
    'GET /api/faces/v1/credentials': () => ({ ok: true, identities: EVERYONE }),
    'GET /api/faces/v1/credentials/report': () => report(4),
    'GET /api/faces/v1/credentials/score': ({ query }) => {
      const i = EVERYONE.find((e) => e.identityId === query.get('identity_id'))!;
      return { ok: true, matchRatio: i.matchRatio, total: i.total, matched: i.matched, nullMatched: i.nullMatched };
    },
    ...Object.fromEntries(EVERYONE.map((i) => [`GET /api/faces/v1/credentials/${i.identityId}/access-events`, () => events(i)])),
    ...routes,
  });
}

function renderPage(route = '/credential') {
  return renderWithProviders(
    <Routes>
      <Route path="/credential/:id?" element={<BadgesPage title="Badges" />} />
    </Routes>,
    { route },
  );
}

const list = () => screen.findByRole('list', { name: 'Badges' }, { timeout: 5_000 });
const rowNames = async () =>
  within(await list())
    .getAllByRole('link')
    .map((link) => link.getAttribute('aria-label'));
const heading = (name: string) => screen.findByRole('heading', { name, level: 2 }, { timeout: 5_000 });

describe('the badge list', () => {
  // jsdom lays nothing out: the virtualised list gets a window's height to fill (the setup restores the spy).
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800);
  });

  it('lists the badges by Seen with ratio, taps, Needs Training and the key; the mismatch count; nothing selected yet', async () => {
    const api = server();
    renderPage();
    expect(await rowNames()).toEqual(['John Hill', 'Mary Hill', 'Ada King']);
    const maryRow = within(await list()).getByRole('link', { name: 'Mary Hill' });
    expect(maryRow).toHaveAttribute('href', `/credential/${MARY.identityId}`);
    expect(within(maryRow).getByText('75% match')).toBeInTheDocument();
    expect(within(maryRow).getByText('10 taps')).toBeInTheDocument();
    expect(within(maryRow).getByRole('img', { name: 'Tenant of record' })).toBeInTheDocument();
    expect(within(maryRow).queryByText('Needs Training')).not.toBeInTheDocument();
    const johnRow = within(await list()).getByRole('link', { name: 'John Hill' });
    expect(within(johnRow).getByText('Needs Training')).toBeInTheDocument();
    expect(within(johnRow).queryByRole('img', { name: 'Tenant of record' })).not.toBeInTheDocument();

    expect(await screen.findByText('4 taps in the last 7 days did not match their badge')).toBeInTheDocument();
    expect(screen.getByText('Please select a profile on the left hand side.')).toBeInTheDocument();
    expect(api.callsTo('GET /api/faces/v1/credentials')[0]!.query.get('domain_uuid')).toBe(DOMAIN);
    expect(api.callsTo('GET /api/faces/v1/credentials/report')[0]!.query.toString()).toBe(`domain_uuid=${DOMAIN}`);
  });

  it('filters, sorts (the active sort again reverses) and searches', async () => {
    server();
    const { user } = renderPage();
    await list();
    await user.click(screen.getByRole('radio', { name: 'Untrained' }));
    expect(await rowNames()).toEqual(['John Hill']);
    await user.click(screen.getByRole('radio', { name: 'Trained' }));
    expect(await rowNames()).toEqual(['Mary Hill', 'Ada King']);
    await user.click(screen.getByRole('radio', { name: 'All Badges' }));

    await user.click(screen.getByRole('button', { name: 'Taps' }));
    expect(await rowNames()).toEqual(['John Hill', 'Mary Hill', 'Ada King']);
    await user.click(screen.getByRole('button', { name: 'Taps' }));
    expect(await rowNames()).toEqual(['Ada King', 'Mary Hill', 'John Hill']);
    await user.click(screen.getByRole('button', { name: 'Match Ratio' }));
    expect(await rowNames()).toEqual(['John Hill', 'Ada King', 'Mary Hill']);

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search badges' }), { target: { value: 'unit:12b' } });
    expect(await rowNames()).toEqual(['John Hill', 'Mary Hill']);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search badges' }), { target: { value: 'nobody' } });
    expect(await screen.findByText('No Results')).toBeInTheDocument();
  });

  it('prefills the search from the query string', async () => {
    server();
    renderPage('/credential?unit=3A');
    expect(await rowNames()).toEqual(['Ada King']);
    expect(screen.getByRole('searchbox', { name: 'Search badges' })).toHaveValue('unit:3A');
  });

  it('moves to the previous and next badge with J and K, but not while typing', async () => {
    server();
    const { user } = renderPage(`/credential/${MARY.identityId}`);
    expect(await heading('Mary Hill')).toBeInTheDocument();
    expect(within(await list()).getByRole('link', { name: 'Mary Hill' })).toHaveAttribute('aria-current', 'page');

    await user.keyboard('k');
    expect(await heading('Ada King')).toBeInTheDocument();
    await user.keyboard('k');
    expect(await heading('Ada King')).toBeInTheDocument();
    await user.keyboard('j');
    await user.keyboard('j');
    expect(await heading('John Hill')).toBeInTheDocument();
    expect(within(await list()).getByRole('link', { name: 'John Hill' })).toHaveAttribute('aria-current', 'page');

    await user.click(screen.getByRole('searchbox', { name: 'Search badges' }));
    await user.keyboard('k');
    expect(screen.getByRole('searchbox', { name: 'Search badges' })).toHaveValue('k');
    expect(screen.getByRole('heading', { name: 'John Hill', level: 2 })).toBeInTheDocument();
  });

  it('shows the training progress only with faces/view_training_progress', async () => {
    server(['view_all'], ['view_training_progress']);
    renderPage();
    await list();
    expect(screen.getByRole('progressbar', { name: 'Training progress' })).toBeInTheDocument();
    expect(screen.getByText('2 of 3 trained (66.67%), 1 remaining')).toBeInTheDocument();
  });

  it('hides the training progress without faces/view_training_progress', async () => {
    server(['view_all'], []);
    renderPage();
    await list();
    expect(screen.queryByRole('progressbar', { name: 'Training progress' })).not.toBeInTheDocument();
    expect(screen.queryByText(/trained \(/)).not.toBeInTheDocument();
  });

  it('without keycard/view_all says so and asks nothing', async () => {
    const api = server(['edit']);
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Badges need the keycard view_all permission in this building.');
    await waitFor(() => expect(api.callsTo('GET /api/faces/v1/credentials')).toHaveLength(0));
  });
});
