import { ONBOARDING_MESSAGES, type ClientConfig, type DomainNewBody } from '@vigil/contract';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { Reply, stubApi, type Route } from '../../../test/api-stub';
import { paste, renderWithProviders } from '../../../test/render';
import { TEST_TOKEN } from '../../../test/session';
import { resetOnboarding, updateBuilding } from '../lib/onboarding-draft';
import AddCamerasPage from './add-cameras-page';

const DOMAIN = '5f0c8a2e-6b1d-4c3e-9a47-0d2b7e1f3a01';
const CONFIG: ClientConfig = {
  providers: {},
  flags: {},
  supportUrl: '',
  requestAccountUrl: '',
  map: { tileUrl: null, attribution: null },
  onboarding: { snapshotHosts: { local: '10.1.2.3', cloud: 'gpu.example.com' } },
  devApiUrl: null,
};

function server(createDomain: Route) {
  return stubApi({
    'GET /api/v1/config': () => CONFIG,
    'POST /api/v1/domain/new': createDomain,
    [`GET /api/v1/domains/${DOMAIN}/accounts`]: () => ({
      ok: true,
      accounts: [],
      roles: [{ name: 'Caregiver', description: 'Sees alerts and live video', assignable: true }],
    }),
  });
}

const created = (body: DomainNewBody) => ({
  ok: true,
  domain: { uuid: DOMAIN, description: body.description, fname: body.fname, timezone: body.timezone },
  cameras: body.cameras.map((camera, i) => ({ id: String(camera.id), uuid: `c1a00001-0000-4000-8000-00000000a00${i + 1}`, name: 'x' })),
});

const camera = (n: number) => screen.getByRole('region', { name: `Camera ${n}` });

async function fillCamera(user: UserEvent, row: HTMLElement, description: string) {
  await user.click(within(row).getByRole('textbox', { name: 'Manufacturer' }));
  await user.click(await within(row).findByRole('option', { name: 'Hikvision' }));
  await user.click(within(row).getByRole('textbox', { name: 'GPU Type' }));
  await user.click(await within(row).findByRole('option', { name: 'Local' }));
  await paste(user, within(row).getByRole('textbox', { name: 'Address' }), '192.168.1.64');
  await paste(user, within(row).getByRole('textbox', { name: 'Description' }), description);
}

describe('the camera step', () => {
  beforeEach(() => {
    resetOnboarding();
    updateBuilding({
      description: 'Harbor View Apartments',
      fname: 'harbor-view',
      address: '350 Fifth Avenue, New York, NY 10118',
      geoloc: '40.748441,-73.985664',
      timezone: 'America/New_York',
    });
  });

  it('needs the building first', () => {
    resetOnboarding();
    server(() => new Reply(500, {}));
    renderWithProviders(<AddCamerasPage />);
    expect(screen.getByText('The building comes first')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Building Domain Setup' })).toHaveAttribute('href', '/staff/onboard');
  });

  it("'Add Camera' copies the last camera with its channel and number one up; Delete takes a camera out", async () => {
    server(() => new Reply(500, {}));
    const { user } = renderWithProviders(<AddCamerasPage />);
    expect(within(camera(1)).getByRole('button', { name: 'Delete' })).toBeDisabled();
    await fillCamera(user, camera(1), 'Front Entrance Outdoor');

    await user.click(screen.getByRole('button', { name: 'Add Camera' }));
    const second = camera(2);
    expect(within(second).getByRole('textbox', { name: 'Manufacturer' })).toHaveValue('Hikvision');
    expect(within(second).getByRole('textbox', { name: 'Address' })).toHaveValue('192.168.1.64');
    expect(within(second).getByRole('spinbutton', { name: 'Channel' })).toHaveValue(2);
    expect(within(second).getByRole('spinbutton', { name: 'Camera number' })).toHaveValue(2);
    expect(within(second).getByRole('textbox', { name: 'Description' })).toHaveValue('');

    await user.click(within(second).getByRole('button', { name: 'Delete' }));
    expect(screen.queryByRole('region', { name: 'Camera 2' })).not.toBeInTheDocument();
  });

  it("'Finished' with a camera unfinished sends nothing and points at the camera", async () => {
    const api = server(() => new Reply(500, {}));
    const { user } = renderWithProviders(<AddCamerasPage />);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Finished' })).toBeEnabled());

    await user.click(screen.getByRole('button', { name: 'Finished' }));

    expect(screen.getByText('Some cameras need attention: see the messages under them.')).toBeInTheDocument();
    expect(within(camera(1)).getByText(ONBOARDING_MESSAGES.manufacturerOrGpu)).toBeInTheDocument();
    expect(api.callsTo('POST /api/v1/domain/new')).toEqual([]);
  });

  it("'Finished' sends the building, its cameras and their streams in one call, then says 'SUCCESS!'", async () => {
    const api = server(({ body }) => created(body as DomainNewBody));
    const { user } = renderWithProviders(<AddCamerasPage />);
    await fillCamera(user, camera(1), 'Front Entrance Outdoor');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Finished' })).toBeEnabled());

    await user.click(screen.getByRole('button', { name: 'Finished' }));

    expect(await screen.findByRole('heading', { name: ONBOARDING_MESSAGES.success })).toBeInTheDocument();
    expect(screen.getByText('Harbor View Apartments is set up with 1 camera, recording now.')).toBeInTheDocument();
    const [call] = api.callsTo('POST /api/v1/domain/new');
    const body = call!.body as DomainNewBody & { token: string };
    expect(body).toMatchObject({
      fname: 'harbor-view',
      description: 'Harbor View Apartments',
      timezone: 'America/New_York',
      geoloc: '40.748441,-73.985664',
      token: TEST_TOKEN,
    });
    expect(body.cameras).toHaveLength(1);
    expect(body.cameras[0]).toMatchObject({
      manufacturer: 'Hikvision',
      type: 'nvr',
      gpu: 'local',
      address: '192.168.1.64',
      cameraDescription: 'Front Entrance Outdoor',
    });
    expect(body.streams.map((stream) => stream.quality)).toEqual(['low', 'high']);
  });

  it("a refusal says 'Something went wrong while adding the camera.' with the server's reason, and keeps the rows", async () => {
    server(() => new Reply(400, { ok: false, error: 'A building named harbor-view exists already.' }));
    const { user } = renderWithProviders(<AddCamerasPage />);
    await fillCamera(user, camera(1), 'Front Entrance Outdoor');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Finished' })).toBeEnabled());

    await user.click(screen.getByRole('button', { name: 'Finished' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ONBOARDING_MESSAGES.submitFailed);
    expect(alert).toHaveTextContent('A building named harbor-view exists already.');
    expect(within(camera(1)).getByRole('textbox', { name: 'Description' })).toHaveValue('Front Entrance Outdoor');
  });
});
