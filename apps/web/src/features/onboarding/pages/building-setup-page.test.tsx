import { ONBOARDING_MESSAGES, type PlaceSuggestion } from '@vigil/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { never, stubApi } from '../../../test/api-stub';
import { paste, renderWithProviders } from '../../../test/render';
import { resetOnboarding } from '../lib/onboarding-draft';
import BuildingSetupPage from './building-setup-page';

const EMPIRE: PlaceSuggestion = {
  description: '350 Fifth Avenue, New York, NY 10118',
  lat: 40.748441,
  lng: -73.985664,
  address1: '350 Fifth Avenue',
  city: 'New York',
  state: 'NY',
  zip: '10118',
  country: 'US',
  precision: 'street',
};

/** The maps and postal calls; the client config never comes, so the map (Leaflet) stays a placeholder. */
function mapsServer(timeZoneId: string | null = 'America/New_York') {
  return stubApi({
    'GET /api/v1/config': never,
    'GET /api/v1/maps/places': ({ query }) => ({
      ok: true,
      source: 'offline',
      suggestions: (query.get('input') ?? '').length >= 2 ? [EMPIRE] : [],
    }),
    'GET /api/v1/maps/timezone': () => ({ ok: true, timeZoneId }),
    'GET /api/v1/usps/zip4': () => ({
      ok: true,
      verified: true,
      zip4: '0001',
      zip: '10118',
      message: 'The postal service knows this address.',
    }),
  });
}

function renderSetup() {
  return renderWithProviders(
    <Routes>
      <Route path="/staff/onboard" element={<BuildingSetupPage />} />
      <Route path="/staff/onboard/addCameras" element={<h1>The camera step</h1>} />
    </Routes>,
    { route: '/staff/onboard' },
  );
}

const field = (name: string) => screen.getByRole('textbox', { name });

describe('building setup', () => {
  beforeEach(resetOnboarding);

  it('suggests the short name from the building name until the short name is typed', async () => {
    mapsServer();
    const { user } = renderSetup();
    expect(screen.getByRole('heading', { name: 'Building Domain Setup' })).toBeInTheDocument();

    await user.type(field('Building name'), 'Harbor View Apartments');
    expect(field('Short name')).toHaveValue('harbor-view-apartments');

    await user.clear(field('Short name'));
    await user.type(field('Short name'), 'Harbor');
    await user.type(field('Building name'), ' East');
    expect(field('Short name')).toHaveValue('harbor');
  });

  it("'Configure Cameras' with the building unfinished stays and says what is missing", async () => {
    const api = mapsServer();
    const { user } = renderSetup();

    await user.click(screen.getByRole('button', { name: 'Configure Cameras' }));

    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Before configuring cameras');
    expect(alert).toHaveTextContent('Enter the building name.');
    expect(alert).toHaveTextContent(ONBOARDING_MESSAGES.invalidAddress);
    expect(alert).toHaveTextContent(ONBOARDING_MESSAGES.timezoneFailed);
    expect(screen.getByRole('heading', { name: 'Building Domain Setup' })).toBeInTheDocument();
    expect(api.callsTo('POST /api/v1/domain/new')).toEqual([]);
  });

  it('an address chosen from the suggestions places the building, finds its time zone and checks it with the postal service', async () => {
    const api = mapsServer();
    const { user } = renderSetup();

    await paste(user, field('Building name'), 'Harbor View Apartments');
    await user.type(field('Address'), '350 Fifth');
    await user.click(await screen.findByRole('option', { name: EMPIRE.description }));

    expect(await screen.findByText('40.748441,-73.985664')).toBeInTheDocument();
    expect(await screen.findByText('America/New_York')).toBeInTheDocument();
    expect(await screen.findByText('ZIP+4 10118-0001')).toBeInTheDocument();
    expect(api.callsTo('GET /api/v1/maps/timezone').map((call) => call.query.get('location'))).toEqual(['40.748441,-73.985664']);

    await user.click(screen.getByRole('button', { name: 'Configure Cameras' }));
    expect(await screen.findByRole('heading', { name: 'The camera step' })).toBeInTheDocument();
  });

  it("a point without a time zone says 'Error. Response did not include a valid timezone.' and goes no further", async () => {
    mapsServer(null);
    const { user } = renderSetup();

    await paste(user, field('Building name'), 'Harbor View Apartments');
    await user.type(field('Address'), '350 Fifth');
    await user.click(await screen.findByRole('option', { name: EMPIRE.description }));

    expect(await screen.findByText(ONBOARDING_MESSAGES.timezoneFailed)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Configure Cameras' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Before configuring cameras'));
    expect(within(screen.getByRole('alert')).getByText(ONBOARDING_MESSAGES.timezoneFailed)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'The camera step' })).not.toBeInTheDocument();
  });
});
