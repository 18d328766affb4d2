import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ApiCall } from '../../../test/api-stub';
import { personUuid } from '../lib/detection.fixture';
import { DOMAIN, pageServer, renderTrainingRoute } from './training-pages.fixture';

const confirmedServer = () =>
  pageServer({ 'POST /api/v4/faces/confirmed': (_call: ApiCall) => ({ ok: true, faces_confirmed: [], total: 0, err: null }) });

describe('/confirmed', () => {
  it("is titled 'All Confirmed Faces' and asks for everyone's", async () => {
    const api = confirmedServer();
    renderTrainingRoute('/confirmed');
    expect(await screen.findByRole('heading', { name: 'All Confirmed Faces' })).toBeInTheDocument();
    expect(await screen.findByText('No results.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/v4/faces/confirmed')[0]?.body).toMatchObject({ domain_uuid: DOMAIN, offset: 0, limit: 50 });
  });

  it("/confirmed/{id} of a person of the building: 'Confirmed Faces for {person}', theirs only", async () => {
    const api = confirmedServer();
    renderTrainingRoute(`/confirmed/${personUuid('1')}`);
    expect(await screen.findByRole('heading', { name: 'Confirmed Faces for Margaret Hill' })).toBeInTheDocument();
    expect(await screen.findByText('No results.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/v4/faces/confirmed')[0]?.body).toMatchObject({ frontend_face_uuid: personUuid('1'), limit: 50_000 });
  });

  it("an id that fails the check, or names nobody here: 'All Confirmed Faces'", async () => {
    confirmedServer();
    renderTrainingRoute('/confirmed/margaret');
    expect(await screen.findByRole('heading', { name: 'All Confirmed Faces' })).toBeInTheDocument();
  });

  it("an id of nobody in the building: 'All Confirmed Faces', everyone's", async () => {
    const api = confirmedServer();
    renderTrainingRoute(`/confirmed/${personUuid('9')}`);
    expect(await screen.findByRole('heading', { name: 'All Confirmed Faces' })).toBeInTheDocument();
    await screen.findByText('No results.');
    expect(api.callsTo('POST /api/v4/faces/confirmed')[0]?.body).not.toHaveProperty('frontend_face_uuid');
  });
});
