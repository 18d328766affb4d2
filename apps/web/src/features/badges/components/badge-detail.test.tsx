import type { AccessEvent, AccessEventsReply, BadgeIdentity } from '@vigil/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubApi, type Route } from '../../../test/api-stub';
import { renderWithProviders } from '../../../test/render';
import { accessEventFixture, CAMERA, detectionFixture, DOMAIN, identityFixture, testIdentityId, testUuid } from '../lib/badge.fixture';
import { BadgeDetail, type BadgeDetailAccess } from './badge-detail';

const FULL: BadgeDetailAccess = { canTag: true, canWatch: true, staff: false, email: 'ops@example.com' };
const NONE: BadgeDetailAccess = { canTag: false, canWatch: false, staff: false, email: 'ops@example.com' };
const mary = identityFixture('1', { wellTrained: false, matched: 6 });
const EVENTS_PATH = `GET /api/faces/v1/credentials/${mary.identityId}/access-events`;
const SCORE = 'GET /api/faces/v1/credentials/score';

const reply = (events: AccessEvent[], more = false, identity: BadgeIdentity = mary): AccessEventsReply => ({
  ok: true,
  identity,
  events,
  more,
  lastVerification: null,
});

function open(identity: BadgeIdentity, access: BadgeDetailAccess, events: Route, routes: Record<string, Route> = {}) {
  const api = stubApi({
    [`GET /api/faces/v1/credentials/${identity.identityId}/access-events`]: events,
    [SCORE]: () => ({ ok: true, matchRatio: identity.matchRatio, total: identity.total, matched: identity.matched, nullMatched: 0 }),
    ...routes,
  });
  const rendered = renderWithProviders(<BadgeDetail domainId={DOMAIN} identity={identity} access={access} />);
  return { ...rendered, api };
}

const card = (time: string) => screen.findByRole('article', { name: `Tap at ${time}` }, { timeout: 5_000 });

describe('the badge detail', () => {
  it('shows the name, the tags (the role on clicking the unit) and the verified matches', async () => {
    const { user, api } = open(mary, FULL, () => reply([]));
    expect(screen.getByRole('heading', { name: 'Mary Hill' })).toBeInTheDocument();
    const tags = screen.getByRole('group', { name: 'Tags' });
    expect(within(tags).getByText('75% of taps match')).toBeInTheDocument();
    expect(within(tags).getByText('Needs Training')).toBeInTheDocument();
    await user.click(within(tags).getByRole('button', { name: 'Unit 12B' }));
    expect(await screen.findByText('Tenant of record')).toBeInTheDocument();
    expect(await screen.findByText('This keycard has 6 verified matches.')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Verifiable Activity', selected: true })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Badge 1' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download Unit Report' })).not.toBeInTheDocument();
    const query = Object.fromEntries(api.callsTo(EVENTS_PATH)[0]!.query);
    expect(query).toEqual({ domain_uuid: DOMAIN, limit: '20', view: 'verifiable' });
    expect(api.callsTo(SCORE)[0]!.query.get('identity_id')).toBe(mary.identityId);
  });

  it("says 'no' verified matches when none is verified", async () => {
    open(identityFixture('2', { matched: 0 }), FULL, () => reply([], false, identityFixture('2', { matched: 0 })));
    expect(await screen.findByText('This keycard has no verified matches.')).toBeInTheDocument();
  });

  it("says a keycard never tapped hasn't been used yet", async () => {
    const unused = identityFixture('3', { total: 0, matched: 0, nullMatched: 0, matchRatio: 0 });
    open(unused, FULL, () => reply([], false, unused));
    expect(await screen.findByText("This keycard hasn't been used yet.")).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'All Activity' })).not.toBeInTheDocument();
  });

  it('shows a tap: time, door, flags, faces in their colours, and its buttons', async () => {
    const event = accessEventFixture('1', {
      detections: [detectionFixture('1'), detectionFixture('2', { matchConfidenceLabel: 'Low', matchConfidences: null })],
      flags: ['shared', 'tailgate'],
      sharedWith: 'Ada King',
      passages: 2,
    });
    open(mary, FULL, () => reply([event]));
    const tap = await card('2026-11-20 12:00:00 UTC');
    expect(within(tap).getByText('Front Door')).toBeInTheDocument();
    expect(within(tap).getByText('Shared badge')).toBeInTheDocument();
    expect(within(tap).getByText('with Ada King')).toBeInTheDocument();
    expect(within(tap).getByText('Tailgating')).toBeInTheDocument();
    expect(within(tap).getByText('2 people through the door')).toBeInTheDocument();
    const faces = within(within(tap).getByRole('group', { name: 'Faces at the door' }));
    expect(faces.getByText('High')).toBeInTheDocument();
    expect(faces.getByText('98.5%')).toBeInTheDocument();
    expect(
      within(tap)
        .getAllByRole('img', { name: /^Face at/ })
        .map((img) => img.closest('[data-colour]')?.getAttribute('data-colour')),
    ).toEqual(['green', 'yellow']);
    expect(within(tap).getByRole('button', { name: 'More Detections' })).toBeInTheDocument();
    expect(within(tap).getByRole('button', { name: 'Confirm Detections' })).toBeInTheDocument();
    expect(within(tap).getByRole('link', { name: 'Watch Video' })).toHaveAttribute('href', `/view/${CAMERA}/2026-11-20T12:00:00Z`);
  });

  it('without keycard/edit or video/view_historic: no Confirm Detections, no Watch Video', async () => {
    open(mary, NONE, () => reply([accessEventFixture('1')]));
    const tap = await card('2026-11-20 12:00:00 UTC');
    expect(within(tap).queryByRole('button', { name: 'Confirm Detections' })).not.toBeInTheDocument();
    expect(within(tap).queryByRole('link', { name: 'Watch Video' })).not.toBeInTheDocument();
  });

  it('asks for the view and the badge chosen, and Load More asks for the taps before the last one', async () => {
    const two = identityFixture('1', {
      credentials: [
        { credential_uuid: testUuid('cd000000', '1'), label: 'a' },
        { credential_uuid: testUuid('cd000000', '2'), label: 'b' },
      ],
    });
    const first = accessEventFixture('1', { eventTimestamp: '2026-11-20T12:00:00.000Z' });
    const older = accessEventFixture('2', { eventTimestamp: '2026-11-19T08:00:00.000Z' });
    const { user, api } = open(two, FULL, ({ query }) => (query.has('before') ? reply([older], false, two) : reply([first], true, two)));
    await card('2026-11-20 12:00:00 UTC');
    expect(api.callsTo(EVENTS_PATH)[0]!.query.get('credential_uuid')).toBe(testUuid('cd000000', '1'));

    await user.click(screen.getByRole('button', { name: 'Load More' }));
    await card('2026-11-19 08:00:00 UTC');
    expect(api.callsTo(EVENTS_PATH)[1]!.query.get('before')).toBe('2026-11-20T12:00:00.000Z');
    expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Badge 2' }));
    await user.click(screen.getByRole('tab', { name: 'Verified Matches' }));
    await waitFor(() => {
      const last = api.callsTo(EVENTS_PATH).at(-1)!.query;
      expect([last.get('view'), last.get('credential_uuid')]).toEqual(['verified', testUuid('cd000000', '2')]);
    });
  });

  it('More Detections shows the other faces within a minute of the tap', async () => {
    const event = accessEventFixture('1', { detections: [detectionFixture('1')] });
    const { user, api } = open(mary, FULL, () => reply([event]), {
      'POST /api/faces/v1/tag_search': () => ({
        ok: true,
        detections: [detectionFixture('1'), detectionFixture('9', { isCotenant: false })],
      }),
    });
    const tap = await card('2026-11-20 12:00:00 UTC');
    await user.click(within(tap).getByRole('button', { name: 'More Detections' }));
    const more = await within(tap).findByRole('group', { name: 'More faces within a minute' });
    expect(within(more).getAllByRole('img')).toHaveLength(1);
    const [call] = api.callsTo('POST /api/faces/v1/tag_search');
    expect(call!.query.get('domain_uuid')).toBe(DOMAIN);
    expect(call!.body).toMatchObject({ access_event_uuid: event.uuid, identity_id: mary.identityId, window_seconds: 60, limit: 60 });
  });

  it('Confirm Detections opens the tagging modal; a save reloads the taps and the score', async () => {
    const event = accessEventFixture('1', { detections: [detectionFixture('1')] });
    const { user, api } = open(mary, FULL, () => reply([event]), {
      'POST /api/faces/v1/confirmed_tags': () => ({ ok: true, saved: 1 }),
    });
    const tap = await card('2026-11-20 12:00:00 UTC');
    await user.click(within(tap).getByRole('button', { name: 'Confirm Detections' }));
    const dialog = screen.getByRole('dialog', { name: 'Click to Select Matching Faces' });
    await user.click(within(dialog).getByRole('button', { name: /^Face 1:/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(api.callsTo(EVENTS_PATH)).toHaveLength(2));
    await waitFor(() => expect(api.callsTo(SCORE)).toHaveLength(2));
  });

  it("warns staff when someone else verified this identity's taps within 60 seconds", async () => {
    const recent: Route = () => ({
      ...reply([]),
      lastVerification: { by: 'nurse@maple.example', at: new Date(Date.now() - 12_000).toISOString() },
    });
    open(mary, { ...FULL, staff: true }, recent);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /nurse@maple\.example verified events for this identity 1[23] seconds ago\./,
    );
  });

  it('does not warn a non-staff user', async () => {
    const recent: Route = () => ({
      ...reply([]),
      lastVerification: { by: 'nurse@maple.example', at: new Date(Date.now() - 12_000).toISOString() },
    });
    open(mary, FULL, recent);
    expect(await screen.findByText('This keycard has 6 verified matches.')).toBeInTheDocument();
    await screen.findByText('No taps with a face at the door yet. All Activity shows every tap.');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('downloads the tenant report, and the unit report when the unit has co-tenants', async () => {
    const shared = identityFixture('1', { cotenants: [{ identityId: testIdentityId('2'), name: 'JOHN HILL', role: 'cotenant' }] });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:pdf');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    const { user, api } = open(shared, FULL, () => reply([], false, shared), { 'GET /api/faces/v1/credentials/report': () => '%PDF' });
    await user.click(screen.getByRole('button', { name: 'Download Tenant Report' }));
    await waitFor(() => expect(saved).toEqual([`tenant-report-${shared.identityId}.pdf`]));
    await user.click(screen.getByRole('button', { name: 'Download Unit Report' }));
    await waitFor(() => expect(saved).toEqual([`tenant-report-${shared.identityId}.pdf`, 'unit-report-12B.pdf']));
    const [tenant, unit] = api.callsTo('GET /api/faces/v1/credentials/report').map((call) => Object.fromEntries(call.query));
    expect(tenant).toEqual({ domain_uuid: DOMAIN, identity_id: shared.identityId, format: 'pdf' });
    expect(unit).toEqual({ domain_uuid: DOMAIN, unit: '12B', format: 'pdf' });
  });
});
