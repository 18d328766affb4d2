import type { ClientConfig } from '@vigil/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Reply, stubApi } from '../../../test/api-stub';
import { renderWithProviders } from '../../../test/render';
import { TEST_TOKEN } from '../../../test/session';
import { clearLocalFlags } from '../../../lib/flags';
import FeatureFlagsPage from './feature-flags-page';

const config: ClientConfig = {
  providers: {},
  flags: {},
  supportUrl: '',
  requestAccountUrl: '',
  map: { tileUrl: null, attribution: null },
  onboarding: { snapshotHosts: { local: '', cloud: '' } },
  devApiUrl: null,
};

// The overrides live in a module-level store: each test starts without any.
afterEach(clearLocalFlags);

const renderPage = () => renderWithProviders(<FeatureFlagsPage title="Feature Flags" />, { route: '/staff/features' });

describe('the feature flags page tells the audit trail of each local change', () => {
  it('a flip, a clear and a clear-all: one report per changed flag, the override applied at once', async () => {
    const api = stubApi({ 'GET /api/v1/config': () => config, 'POST /api/v1/audit/flags': () => ({ ok: true }) });
    const { user } = renderPage();
    const reports = () => api.callsTo('POST /api/v1/audit/flags').map((call) => call.body);

    await user.click(await screen.findByRole('button', { name: 'Toggle cameras_page' }, { timeout: 5_000 }));
    expect(screen.getByTestId('flag-applied-cameras_page')).toHaveTextContent('on(local)');
    await waitFor(() => expect(reports()).toEqual([{ flag: 'cameras_page', value: true, token: TEST_TOKEN }]));

    await user.click(screen.getByRole('button', { name: 'Clear local cameras_page' }));
    await waitFor(() => expect(reports()).toHaveLength(2));
    expect(reports()[1]).toEqual({ flag: 'cameras_page', value: null, token: TEST_TOKEN });

    await user.click(screen.getByRole('button', { name: 'Toggle alerts_tab' }));
    await user.click(screen.getByRole('button', { name: 'Toggle viewer' }));
    await user.click(screen.getByRole('button', { name: 'Clear all local overrides' }));
    await waitFor(() => expect(reports()).toHaveLength(6));
    expect(reports().slice(4)).toEqual(
      expect.arrayContaining([
        { flag: 'alerts_tab', value: null, token: TEST_TOKEN },
        { flag: 'viewer', value: null, token: TEST_TOKEN },
      ]),
    );
  });

  it('a refused report does not undo the change; the page says the trail did not record it', async () => {
    stubApi({
      'GET /api/v1/config': () => config,
      'POST /api/v1/audit/flags': () => new Reply(403, { ok: false, statusCode: 403, error: 'Forbidden' }),
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Toggle cameras_page' }, { timeout: 5_000 }));
    expect(await screen.findByRole('alert', {}, { timeout: 5_000 })).toHaveTextContent(
      'The change applies in this browser, but the audit trail did not record it: Forbidden',
    );
    expect(screen.getByTestId('flag-applied-cameras_page')).toHaveTextContent('on(local)');
  });
});
