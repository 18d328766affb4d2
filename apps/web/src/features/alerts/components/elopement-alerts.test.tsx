import { ALERTS_MESSAGES, PIN_MESSAGES, pinDigest, type ElopementAlert, type ServiceMap } from '@vigil/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Reply, stubApi } from '../../../test/api-stub';
import { renderWithProviders } from '../../../test/render';
import { TEST_TOKEN } from '../../../test/session';
import { alertFixture } from '../lib/elopement-alert.fixture';
import { ElopementAlerts } from './elopement-alerts';

const DOMAIN = '5f0c8a2e-6b1d-4c3e-9a47-0d2b7e1f3a01';
const nowSeconds = () => Math.floor(Date.now() / 1000);
const RECEIVE: ServiceMap = { alerting: ['receive_er_alerts'] };
const WITH_PIN: ServiceMap = { alerting: ['receive_er_alerts', 'pin_dismiss_alert'] };

/** A server holding `alerts`: it lists the undismissed ones, dismisses with 'me' or the PIN 2468, and keeps face-match answers. */
function alertsServer(alerts: ElopementAlert[]) {
  let list = alerts;
  const update = (id: string, patch: Partial<ElopementAlert>) => {
    list = list.map((alert) => (alert.alert_id === id ? { ...alert, ...patch } : alert));
    return list.find((alert) => alert.alert_id === id);
  };
  const byFace = (runtimeFaceUuid: unknown) => list.find((alert) => alert.runtime_face_uuid === runtimeFaceUuid)?.alert_id ?? '';
  const routes: Record<string, (call: { body: unknown }) => unknown> = {
    'GET /api/v1/faces/alerts': () => ({ ok: true, alerts: list.filter((alert) => alert.dismissed_at === null) }),
    'POST /api/v4/facematchconfirm': ({ body }) => {
      const { runtime_face_uuid, is_correct } = body as { runtime_face_uuid: string; is_correct: boolean | null };
      update(byFace(runtime_face_uuid), { face_match: is_correct });
      return { ok: true };
    },
    'POST /api/v4/faceconfirm': ({ body }) => {
      const { runtime_face_uuid, is_face } = body as { runtime_face_uuid: string; is_face: boolean };
      update(byFace(runtime_face_uuid), { not_a_face: !is_face });
      return { ok: true };
    },
  };
  for (const alert of alerts) {
    routes[`POST /api/v1/faces/alerts/${alert.alert_id}/dismiss`] = async ({ body }) => {
      const { userPIN } = body as { userPIN: string };
      if (userPIN !== 'me' && userPIN !== (await pinDigest(DOMAIN, '2468'))) {
        return new Reply(403, { ok: false, statusCode: 403, error: ALERTS_MESSAGES.wrongPin });
      }
      return { ok: true, alert: update(alert.alert_id, { dismissed_at: new Date().toISOString() }) };
    };
  }
  return stubApi(routes);
}

const margaret = () => alertFixture('1', nowSeconds() - 600);
const john = () =>
  alertFixture('2', nowSeconds() - 60, {
    runtime_face_uuid: 'b0000000-0000-4000-8000-000000000002',
    frontend_face_uuid: 'f0ce0001-0000-4000-8000-00000000a002',
    person_name: 'John Baker',
    gender: 'male',
    description: 'John Baker at Back Door',
    cameraDescription: 'Back Door',
  });

const card = (name: string) => screen.findByRole('listitem', { name: `Elopement alert: ${name}` });

describe('elopement alerts', () => {
  it('lists the active alerts newest first: who, where, how long ago, and Dismiss', async () => {
    alertsServer([
      margaret(),
      john(),
      alertFixture('3', nowSeconds() - 30, { person_name: 'Ada Gone', dismissed_at: '2026-01-01T00:00:00Z' }),
    ]);
    renderWithProviders(<ElopementAlerts domainId={DOMAIN} services={RECEIVE} />);

    const list = await screen.findByRole('list', { name: 'Elopement alerts' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards.map((item) => item.getAttribute('aria-label'))).toEqual([
      'Elopement alert: John Baker at Back Door',
      'Elopement alert: Margaret Hill at Front Entrance Outdoor',
    ]);
    expect(within(cards[0]!).getByRole('heading', { name: 'John Baker' })).toBeInTheDocument();
    expect(within(cards[0]!).getByText('1 minute ago')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('10 minutes ago')).toBeInTheDocument();
    expect(within(cards[1]!).getByRole('button', { name: 'Dismiss' })).toBeEnabled();
  });

  it('says so when there is none', async () => {
    alertsServer([]);
    renderWithProviders(<ElopementAlerts domainId={DOMAIN} services={RECEIVE} />);
    expect(await screen.findByText(ALERTS_MESSAGES.noAlerts)).toBeInTheDocument();
  });

  it("Dismiss without pin_dismiss_alert dismisses as 'me' at once and takes the alert off the list", async () => {
    const server = alertsServer([margaret(), john()]);
    const { user } = renderWithProviders(<ElopementAlerts domainId={DOMAIN} services={RECEIVE} />);

    await user.click(within(await card('Margaret Hill at Front Entrance Outdoor')).getByRole('button', { name: 'Dismiss' }));

    await waitFor(() => expect(screen.queryByRole('listitem', { name: /Margaret Hill/ })).not.toBeInTheDocument());
    expect(screen.getByRole('listitem', { name: /John Baker/ })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.callsTo(`POST /api/v1/faces/alerts/${margaret().alert_id}/dismiss`).map((call) => call.body)).toEqual([
      { userPIN: 'me', token: TEST_TOKEN },
    ]);
  });

  it("shows the server's refusal on the card", async () => {
    const alert = margaret();
    stubApi({
      'GET /api/v1/faces/alerts': () => ({ ok: true, alerts: [alert] }),
      [`POST /api/v1/faces/alerts/${alert.alert_id}/dismiss`]: () =>
        new Reply(409, { ok: false, statusCode: 409, error: ALERTS_MESSAGES.alreadyDismissed }),
    });
    const { user } = renderWithProviders(<ElopementAlerts domainId={DOMAIN} services={RECEIVE} />);

    const item = await card('Margaret Hill at Front Entrance Outdoor');
    await user.click(within(item).getByRole('button', { name: 'Dismiss' }));

    expect(await within(item).findByRole('alert')).toHaveTextContent(ALERTS_MESSAGES.alreadyDismissed);
  });

  it('holders of pin_dismiss_alert give their PIN: checked as typed, sent as its digest, a refusal kept in view', async () => {
    const server = alertsServer([margaret()]);
    const dismissCalls = () => server.callsTo(`POST /api/v1/faces/alerts/${margaret().alert_id}/dismiss`);
    const { user } = renderWithProviders(<ElopementAlerts domainId={DOMAIN} services={WITH_PIN} />);

    await user.click(within(await card('Margaret Hill at Front Entrance Outdoor')).getByRole('button', { name: 'Dismiss' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dismiss alert' });
    expect(within(dialog).getByText(ALERTS_MESSAGES.pinRequired)).toBeInTheDocument();
    const pin = within(dialog).getByLabelText('PIN');
    const submit = within(dialog).getByRole('button', { name: 'Dismiss alert' });

    await user.type(pin, '12a4');
    await user.click(submit);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(PIN_MESSAGES.numeric);

    await user.clear(pin);
    await user.type(pin, '12');
    await user.click(submit);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(PIN_MESSAGES.length);
    expect(dismissCalls()).toEqual([]);

    await user.clear(pin);
    await user.type(pin, '1357');
    await user.click(submit);
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent(ALERTS_MESSAGES.wrongPin));
    expect(pin).toHaveValue('1357');
    expect(dismissCalls().map((call) => call.body)).toEqual([{ userPIN: await pinDigest(DOMAIN, '1357'), token: TEST_TOKEN }]);

    await user.clear(pin);
    await user.type(pin, '2468');
    await user.click(submit);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText(ALERTS_MESSAGES.noAlerts)).toBeInTheDocument();
    expect(JSON.stringify(dismissCalls().map((call) => call.body))).not.toContain('2468');
  });

  it("asks whether the face is the person's: Correct, Wrong person or Not a Face, and Undo takes the answer back", async () => {
    const alert = margaret();
    const server = alertsServer([alert]);
    const { user } = renderWithProviders(<ElopementAlerts domainId={DOMAIN} services={RECEIVE} />);

    const match = within(await card('Margaret Hill at Front Entrance Outdoor')).getByRole('group', {
      name: 'Face match for Margaret Hill',
    });
    expect(within(match).getByRole('status')).toHaveTextContent('Match not yet checked');
    expect(
      within(match)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Correct', 'Wrong person', 'Not a Face']);

    await user.click(within(match).getByRole('button', { name: 'Wrong person' }));
    await waitFor(() => expect(within(match).getByRole('status')).toHaveTextContent('Wrong person'));
    expect(
      within(match)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Undo']);

    await user.click(within(match).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(within(match).getByRole('status')).toHaveTextContent('Match not yet checked'));

    await user.click(within(match).getByRole('button', { name: 'Not a Face' }));
    await waitFor(() => expect(within(match).getByRole('status')).toHaveTextContent('Not a face'));

    const faces = { runtime_face_uuid: alert.runtime_face_uuid, frontend_face_uuid: alert.frontend_face_uuid };
    expect(server.callsTo('POST /api/v4/facematchconfirm').map((call) => call.body)).toEqual([
      { ...faces, is_correct: false, token: TEST_TOKEN },
      { ...faces, is_correct: null, token: TEST_TOKEN },
    ]);
    expect(server.callsTo('POST /api/v4/faceconfirm').map((call) => call.body)).toEqual([
      { runtime_face_uuid: alert.runtime_face_uuid, is_face: false, token: TEST_TOKEN },
    ]);
  });
});
