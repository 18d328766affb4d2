import { DEFAULT_PREFERENCES, KEY_PURPOSE_TEXT, type Detector, type ServiceMap } from '@vigil/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Reply, stubApi, type ApiCall } from '../../../test/api-stub';
import { renderWithProviders } from '../../../test/render';
import { INFERRED_PURPOSES_NOTE, formatKeyTime } from '../lib/key-view';
import KeysPage from './keys-page';

const DOMAIN = '5f0c8a2e-6b1d-4c3e-9a47-0d2b7e1f3a01';
const SECRET = 'vgd_Zq3xR7mK2pL9sT4vW8yB1nC6dF0gH5jA';

const detector = (overrides: Partial<Detector>): Detector => ({
  id: '7d3f9a10-2b4c-4e5f-8a6b-1c2d3e4f5a60',
  domain_uuid: DOMAIN,
  name: 'Front door analyzer',
  key_prefix: 'vgd_a1b2',
  purposes: ['analyzer'],
  purposes_origin: 'chosen',
  deployment: false,
  created_by: 'manager@maple.example',
  created_at: '2026-03-01T09:00:00.000Z',
  last_used_at: '2026-03-04T08:30:00.000Z',
  revoked_at: null,
  ...overrides,
});

const OLD_READER = detector({
  id: '8e4a0b21-3c5d-4f6a-9b7c-2d3e4f5a6b71',
  name: 'Badge bridge',
  key_prefix: 'vgd_c3d4',
  purposes: ['access_control'],
  purposes_origin: 'inferred',
  created_by: null,
  created_at: '2025-11-20T10:00:00.000Z',
  last_used_at: null,
});
const MADE_ID = 'a06c2d43-5e7f-4b8c-9d9e-4f5a6b7c8d93';
const CENTRAL = detector({ id: '9f5b1c32-4d6e-4a7b-8c8d-3e4f5a6b7c82', name: 'Central analyzer', deployment: true });

const KEY_NOTICE = 'Copy the key now: it will not be shown again';
const REVOKED_AT = '2026-03-04T10:15:00.000Z';

/** A building's keys as the server keeps them: made and revoked through the stubbed calls. */
function server(keys: Detector[], services: ServiceMap, routes: Record<string, (call: ApiCall) => unknown> = {}) {
  const revoke = Object.fromEntries(
    keys.map((key) => [
      `DELETE /api/ingest/v1/detectors/${key.id}`,
      () => {
        keys = keys.map((k) => (k.id === key.id ? { ...k, revoked_at: REVOKED_AT } : k));
        return { ok: true };
      },
    ]),
  );
  return stubApi({
    'GET /api/v1/users/me/entitlements': () => ({ ok: true, entitlementsByDomain: { [DOMAIN]: services } }),
    'POST /api/v4/domains': () => ({
      domains: [{ uuid: DOMAIN, description: 'Maple Court', cameraUUIDs: [], cameras: [], preferences: DEFAULT_PREFERENCES }],
    }),
    'GET /api/ingest/v1/detectors': () => ({ ok: true, detectors: keys }),
    'POST /api/ingest/v1/detectors': ({ body }) => {
      const { name, purposes } = body as Pick<Detector, 'name' | 'purposes'>;
      const made = detector({ id: MADE_ID, name, purposes, key_prefix: SECRET.slice(0, 8), last_used_at: null });
      keys = [...keys, made];
      return { ok: true, detector: made, key: SECRET };
    },
    ...revoke,
    ...routes,
  });
}

const MANAGER: ServiceMap = { alerting: ['edit'], keycard: ['edit'], faces: ['find_all'] };
const renderPage = () => renderWithProviders(<KeysPage title="Machine Keys" />, { route: '/keys' });
const table = () => screen.findByRole('table', { name: 'Machine keys' }, { timeout: 5_000 });
const row = async (name: string) =>
  within(await table())
    .getAllByRole('row')
    .find((r) => within(r).queryByText(name, { exact: true }))!;

describe('the machine keys page', () => {
  it("lists the building's keys: purposes, an inferred key's note, deployment keys, prefix, maker, times and status", async () => {
    const api = server([OLD_READER, CENTRAL], MANAGER);
    renderPage();

    const reader = await row('Badge bridge');
    expect(
      within(reader)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Badge bridge',
      `${KEY_PURPOSE_TEXT.access_control}${INFERRED_PURPOSES_NOTE}`,
      'vgd_c3d4…',
      'On the server',
      formatKeyTime(OLD_READER.created_at),
      'Never',
      'Active',
      'Revoke',
    ]);
    const central = await row('Central analyzer');
    expect(central).toHaveTextContent('Deployment key: serves every building');
    expect(central).toHaveTextContent('manager@maple.example');
    expect(central).toHaveTextContent(formatKeyTime(CENTRAL.last_used_at!));
    expect(central).not.toHaveTextContent(INFERRED_PURPOSES_NOTE);
    expect(api.callsTo('GET /api/ingest/v1/detectors')[0]!.query.toString()).toBe(`domain_uuid=${DOMAIN}`);
  });

  it('makes a key and shows it once, to copy, kept in no cache or storage; a revoked key stays listed as revoked', async () => {
    const api = server([OLD_READER], MANAGER);
    const { user, queryClient } = renderPage();
    await table();

    await user.type(screen.getByRole('textbox', { name: 'Name' }), '  Garden gate reader ');
    await user.click(screen.getByRole('checkbox', { name: KEY_PURPOSE_TEXT.access_control }));
    await user.click(screen.getByRole('button', { name: 'Make key' }));

    const notice = await screen.findByRole('status', { name: KEY_NOTICE }, { timeout: 5_000 });
    expect(within(notice).getByLabelText('Key')).toHaveTextContent(SECRET);
    expect(api.callsTo('POST /api/ingest/v1/detectors')[0]!.body).toMatchObject({
      domain_uuid: DOMAIN,
      name: 'Garden gate reader',
      purposes: ['access_control'],
    });
    await user.click(within(notice).getByRole('button', { name: 'Copy key' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(await within(notice).findByRole('button', { name: 'Copied' })).toBeInTheDocument();

    // The new key is listed by its prefix; its secret is in no cache, storage or address.
    const made = await row('Garden gate reader');
    expect(made).toHaveTextContent(KEY_PURPOSE_TEXT.access_control);
    const held = JSON.stringify([
      queryClient
        .getQueryCache()
        .getAll()
        .map((q) => q.state),
      queryClient
        .getMutationCache()
        .getAll()
        .map((m) => m.state),
      { ...localStorage },
      { ...sessionStorage },
      window.location.href,
    ]);
    expect(held).not.toContain(SECRET);

    await user.click(within(notice).getByRole('button', { name: 'Done: I have copied it' }));
    expect(screen.queryByText(SECRET)).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('');

    // Revoke asks first; the key then shows as revoked, with the time, and can no longer be revoked.
    const revokeCall = `DELETE /api/ingest/v1/detectors/${OLD_READER.id}`;
    await user.click(within(await row('Badge bridge')).getByRole('button', { name: 'Revoke Badge bridge' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke Badge bridge?' }, { timeout: 5_000 });
    expect(dialog).toHaveTextContent('is refused at Maple Court from now on');
    expect(api.callsTo(revokeCall)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Revoke key' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 5_000 });
    expect(api.callsTo(revokeCall)).toHaveLength(1);
    await waitFor(async () => expect(await row('Badge bridge')).toHaveTextContent(`Revoked${formatKeyTime(REVOKED_AT)}`), {
      timeout: 5_000,
    });
    expect(within(await row('Badge bridge')).queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
    expect(within(await row('Garden gate reader')).getByRole('button', { name: 'Revoke Garden gate reader' })).toBeInTheDocument();
  });
  it("offers only the purposes the person may give, says why, and shows the server's refusal keeping what was typed", async () => {
    const refusal = 'Making an access-control key needs keycard/edit in this building.';
    const api = server(
      [OLD_READER],
      { alerting: ['edit'], keycard: ['edit'] },
      {
        'POST /api/ingest/v1/detectors': () => new Reply(403, { ok: false, statusCode: 403, error: refusal }),
      },
    );
    const { user } = renderPage();
    await table();

    const analyzer = screen.getByRole('checkbox', { name: KEY_PURPOSE_TEXT.analyzer });
    expect(analyzer).toBeDisabled();
    expect(analyzer).toHaveAccessibleDescription(/it needs faces\/find_all, which you do not hold in this building/);
    expect(screen.getByRole('checkbox', { name: KEY_PURPOSE_TEXT.detector })).toBeEnabled();

    // Nothing is sent without a name and a purpose.
    await user.click(screen.getByRole('button', { name: 'Make key' }));
    expect(screen.getByText('Give the key a name that says which machine holds it.')).toBeInTheDocument();
    expect(screen.getByText('Choose at least one purpose.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/ingest/v1/detectors')).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Lobby reader');
    await user.click(screen.getByRole('checkbox', { name: KEY_PURPOSE_TEXT.access_control }));
    await user.click(screen.getByRole('button', { name: 'Make key' }));
    expect(await screen.findByRole('alert', {}, { timeout: 5_000 })).toHaveTextContent(`Key not made${refusal}`);
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Lobby reader');
    expect(screen.getByRole('checkbox', { name: KEY_PURPOSE_TEXT.access_control })).toBeChecked();
    expect(screen.queryByRole('status', { name: KEY_NOTICE })).not.toBeInTheDocument();
  });

  it('an empty building says what to do next; a list that cannot load says why', async () => {
    server([], MANAGER);
    const first = renderPage();
    expect(await screen.findByText(/Maple Court has no machine keys yet\. Make one above/, {}, { timeout: 5_000 })).toBeInTheDocument();
    first.unmount();

    server([], MANAGER, {
      'GET /api/ingest/v1/detectors': () => new Reply(403, { ok: false, statusCode: 403, error: 'You may not manage keys here.' }),
    });
    renderPage();
    expect(await screen.findByRole('alert', {}, { timeout: 5_000 })).toHaveTextContent(
      'Could not load the machine keys of Maple Court: You may not manage keys here.',
    );
  });

  it('on a phone: a card per key', async () => {
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
    server([OLD_READER, CENTRAL], MANAGER);
    renderPage();
    const list = await screen.findByRole('list', { name: 'Machine keys' }, { timeout: 5_000 });
    const reader = within(list).getByRole('listitem', { name: 'Badge bridge' });
    expect(reader).toHaveTextContent(INFERRED_PURPOSES_NOTE);
    expect(reader).toHaveTextContent('Made by: On the server');
    expect(reader).toHaveTextContent('Last used: Never');
    expect(within(list).getByRole('listitem', { name: 'Central analyzer' })).toHaveTextContent('Deployment key');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
