import { AUDIT_ACTION_TEXT, DEFAULT_PREFERENCES, type AuditEntry, type AuditReply } from '@vigil/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Reply, stubApi, type Route } from '../../../test/api-stub';
import { renderWithProviders } from '../../../test/render';
import { AUDIT_FILTER_TEXTS } from '../lib/audit-filters';
import { formatAuditTime } from '../lib/format-audit';
import AuditPage from './audit-page';

const DOMAIN = '5f0c8a2e-6b1d-4c3e-9a47-0d2b7e1f3a01';
const FRONT = '0b7c4a8e-1f2d-4e3a-8b5c-6d7e8f9a0b1c';
const GARDEN = '1c8d5b9f-2a3e-4f4b-9c6d-7e8f9a0b1c2d';

const entry = (seq: number, overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  seq,
  at: new Date(Date.UTC(2026, 2, 4, 9, 0, seq)).toISOString(),
  user_email: 'manager@maple.example',
  domain_uuid: null,
  action: 'signed_in',
  camera_uuid: null,
  camera_name: null,
  subject: null,
  detail: {},
  address: '203.0.113.7',
  ...overrides,
});

const WATCHED = entry(12, {
  user_email: 'nurse@maple.example',
  domain_uuid: DOMAIN,
  action: 'watched_live',
  camera_uuid: FRONT,
  camera_name: 'Front Entrance Outdoor',
  subject: 'lease-7',
  detail: { seconds: 95, ended: true },
});

function server(audit: Route, routes: Record<string, Route> = {}) {
  return stubApi({
    'GET /api/v1/users/me/entitlements': () => ({ ok: true, entitlementsByDomain: { [DOMAIN]: { account: ['view_audit'] } } }),
    'POST /api/v4/domains': () => ({
      domains: [
        {
          uuid: DOMAIN,
          description: 'Maple Court',
          cameraUUIDs: [FRONT, GARDEN],
          cameras: [
            { uuid: FRONT, description: 'Front Entrance Outdoor', category: 'Outdoor', floor: null, label: null },
            { uuid: GARDEN, description: 'Garden Gate', category: 'Outdoor', floor: null, label: null },
          ],
          preferences: DEFAULT_PREFERENCES,
        },
      ],
    }),
    'GET /api/v1/audit': audit,
    ...routes,
  });
}

const reply = (entries: AuditEntry[], next: number | null = null): AuditReply => ({ ok: true, entries, next });
const renderPage = () => renderWithProviders(<AuditPage title="Audit Trail" />, { route: '/staff/audit' });
const table = () => screen.findByRole('table', { name: 'Audit entries' }, { timeout: 5_000 });
const dataRows = (shown: HTMLElement) => within(shown).getAllByRole('row').slice(1);

describe('the audit page', () => {
  it("lists the building's entries: time, person, action, camera, subject, details and address", async () => {
    const api = server(() => reply([WATCHED, entry(11)]));
    renderPage();

    const rows = dataRows(await table());
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      formatAuditTime(WATCHED.at),
      'nurse@maple.example',
      AUDIT_ACTION_TEXT.watched_live,
      'Front Entrance Outdoor',
      'lease-7',
      'seconds: 95ended: yes',
      '203.0.113.7',
    ]);
    expect(within(rows[1]!).getByText('Signed in')).toBeInTheDocument();
    expect(screen.getByText('Maple Court', { selector: 'b' })).toBeInTheDocument();
    expect(api.callsTo('GET /api/v1/audit')[0]!.query.toString()).toBe(`domain_uuid=${DOMAIN}`);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('loads older entries before the last one shown, until there are no more', async () => {
    const api = server(({ query }) => (query.get('before') === '11' ? reply([entry(10)]) : reply([WATCHED, entry(11)], 11)));
    const { user } = renderPage();

    expect(dataRows(await table())).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(async () => expect(dataRows(await table())).toHaveLength(3), { timeout: 5_000 });
    expect(api.callsTo('GET /api/v1/audit')[1]!.query.get('before')).toBe('11');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(screen.getByText('3 entries')).toBeInTheDocument();
  });

  it('asks with every filter once applied, and says when nothing matches', async () => {
    const api = server(({ query }) => (query.has('action') ? reply([]) : reply([WATCHED])));
    const { user } = renderPage();
    await table();

    await user.type(screen.getByRole('textbox', { name: 'Person acting' }), 'Nurse@maple.example ');
    await user.click(screen.getByRole('textbox', { name: 'Action' }));
    await user.click(await screen.findByRole('option', { name: AUDIT_ACTION_TEXT.exported_clip }, { timeout: 5_000 }));
    await user.click(screen.getByRole('textbox', { name: 'Camera' }));
    await user.click(await screen.findByRole('option', { name: 'Garden Gate' }, { timeout: 5_000 }));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-04T08:00' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-04T17:30' } });
    // Nothing is asked until the filters are applied.
    expect(api.callsTo('GET /api/v1/audit')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));

    expect(
      await screen.findByText('No entries match these filters. Widen the time range or clear a filter.', {}, { timeout: 5_000 }),
    ).toBeInTheDocument();
    const query = Object.fromEntries(api.callsTo('GET /api/v1/audit')[1]!.query);
    expect(query).toEqual({
      domain_uuid: DOMAIN,
      actor: 'Nurse@maple.example',
      action: 'exported_clip',
      camera_uuid: GARDEN,
      from: new Date(2026, 2, 4, 8, 0).toISOString(),
      to: new Date(2026, 2, 4, 17, 30).toISOString(),
    });

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await table()).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Person acting' })).toHaveValue('');
  });

  it('refuses an end before the start at the field, keeping what was typed and asking nothing', async () => {
    const api = server(() => reply([WATCHED]));
    const { user } = renderPage();
    await table();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-04T18:00' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-04T08:00' } });
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(await screen.findByText(AUDIT_FILTER_TEXTS.toBeforeFrom)).toBeInTheDocument();
    expect(screen.getByLabelText('To')).toHaveValue('2026-03-04T08:00');
    expect(api.callsTo('GET /api/v1/audit')).toHaveLength(1);
  });

  it('an empty building says that entries appear as things happen', async () => {
    server(() => reply([]));
    renderPage();
    expect(await screen.findByText(/Nothing has been recorded at Maple Court yet/, {}, { timeout: 5_000 })).toBeInTheDocument();
  });

  it("says what went wrong when the trail can't be read", async () => {
    server(() => new Reply(403, { ok: false, statusCode: 403, error: 'You may not read this audit trail.' }));
    renderPage();
    expect(await screen.findByRole('alert', {}, { timeout: 5_000 })).toHaveTextContent(
      'Could not load the audit trail of Maple Court: You may not read this audit trail.',
    );
  });

  it('downloads the CSV of the applied filters as a file named after the building', async () => {
    const api = server(() => reply([WATCHED]), { 'GET /api/v1/audit.csv': () => 'time,user' });
    // The component project shares one window between files: a spy another file made may already hold calls.
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:vigil/csv');
    createObjectURL.mockClear();
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(`${this.download} ${this.getAttribute('href')}`);
    });
    const { user } = renderPage();
    await table();
    await user.click(screen.getByRole('textbox', { name: 'Action' }));
    await user.click(await screen.findByRole('option', { name: AUDIT_ACTION_TEXT.watched_live }, { timeout: 5_000 }));
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(api.callsTo('GET /api/v1/audit')).toHaveLength(2), { timeout: 5_000 });

    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1), { timeout: 5_000 });
    expect(saved[0]).toMatch(/^vigil-audit-maple-court-\d{4}-\d{2}-\d{2}\.csv blob:vigil\/csv$/);
    // The stub server answers in JSON; the page saves the reply's bytes as they came.
    expect(await (createObjectURL.mock.calls[0]![0] as Blob).text()).toBe(JSON.stringify('time,user'));
    expect(Object.fromEntries(api.callsTo('GET /api/v1/audit.csv')[0]!.query)).toEqual({ domain_uuid: DOMAIN, action: 'watched_live' });
  });

  it('on a phone: a card per entry, and the filters folded away until asked for', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }));
    server(() => reply([WATCHED, entry(11)]));
    const { user } = renderPage();

    const list = await screen.findByRole('list', { name: 'Audit entries' }, { timeout: 5_000 });
    const watched = within(list).getByRole('listitem', { name: AUDIT_ACTION_TEXT.watched_live });
    expect(watched).toHaveTextContent('nurse@maple.example');
    expect(watched).toHaveTextContent('Camera: Front Entrance Outdoor');
    expect(watched).toHaveTextContent('seconds: 95');
    expect(within(list).getByRole('listitem', { name: 'Signed in' })).not.toHaveTextContent('Camera:');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    const toggle = screen.getByRole('button', { name: 'Filters' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('textbox', { name: 'Person acting' })).not.toBeInTheDocument();
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Hide filters' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('textbox', { name: 'Person acting' })).toBeVisible();
  });
});
