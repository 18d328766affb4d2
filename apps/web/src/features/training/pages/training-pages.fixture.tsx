import { DEFAULT_PREFERENCES, type ClientConfig, type Face, type FlagValues } from '@vigil/contract';
import { Route, Routes } from 'react-router';
import { stubApi, type Route as ApiRoute } from '../../../test/api-stub';
import { renderWithProviders } from '../../../test/render';
import { CAMERA_UUID, personUuid } from '../lib/detection.fixture';
import ConfirmedPage from './confirmed-page';
import DetectedPage from './detected-page';

export const DOMAIN = '5f0c8a2e-6b1d-4c3e-9a47-0d2b7e1f3a01';

const config = (flags: FlagValues): ClientConfig => ({
  providers: {},
  flags,
  supportUrl: '',
  requestAccountUrl: '',
  map: { tileUrl: null, attribution: null },
  onboarding: { snapshotHosts: { local: '', cloud: '' } },
  devApiUrl: null,
});

/** A person of Maple Court as the faces list gives them (only what the training pages read matters). */
const person = (id: string, first: string, last: string, gender: Face['gender']) =>
  ({
    frontend_face_uuid: personUuid(id),
    person_name: `${first} ${last}`,
    first_name: first,
    last_name: last,
    gender,
    role: 'resident',
  }) as Face;

export const PEOPLE = [person('1', 'Margaret', 'Hill', 'female'), person('2', 'John', 'Baker', 'male')];

/** The server a training page needs around its own calls: config (flags), the building and its camera, rights, people. */
export function pageServer(
  routes: Record<string, ApiRoute>,
  { flags = {}, operations = ['train_model', 'find_all', 'add'] }: { flags?: FlagValues; operations?: string[] } = {},
) {
  return stubApi({
    'GET /api/v1/config': () => config(flags),
    'POST /api/v4/domains': () => ({
      domains: [
        {
          uuid: DOMAIN,
          description: 'Maple Court',
          cameraUUIDs: [CAMERA_UUID],
          cameras: [{ uuid: CAMERA_UUID, description: 'Front Entrance Outdoor', category: 'Outdoor', floor: null, label: null }],
          preferences: DEFAULT_PREFERENCES,
        },
      ],
    }),
    'GET /api/v1/users/me/entitlements': () => ({ ok: true, entitlementsByDomain: { [DOMAIN]: { faces: operations } } }),
    'GET /api/v6/faces': () => ({ ok: true, faces: PEOPLE }),
    ...routes,
  });
}

/** The training routes as the app has them, at `path`. */
export function renderTrainingRoute(path: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/detected/:faceId?" element={<DetectedPage title="Face Training" />} />
      <Route path="/confirmed/:faceId?" element={<ConfirmedPage title="Confirmed Faces" />} />
    </Routes>,
    { route: path },
  );
}
