import { ACKNOWLEDGE_MESSAGES, PUSH, type ElopementAlert, type ServiceMap } from '@vigil/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Reply, stubApi } from '../../../test/api-stub';
import { renderWithProviders } from '../../../test/render';
import { TEST_TOKEN } from '../../../test/session';
import { formatStepTime } from '../lib/alert-steps';
import { alertFixture } from '../lib/elopement-alert.fixture';
import { ElopementAlerts } from './elopement-alerts';

const DOMAIN = '5f0c8a2e-6b1d-4c3e-9a47-0d2b7e1f3a01';
const RECEIVE: ServiceMap = { alerting: ['receive_er_alerts'] };
const nora = { uuid: 'a1a1a1a1-0000-4000-8000-000000000001', name: 'Nora Quinn', email: 'nurse@maple.example' };
const raisedAt = Math.floor(Date.now() / 1000) - 90;
const iso = (s: number) => new Date(s * 1000).toISOString();

/** Margaret's alert, raised 90 s ago and escalated to the managers 30 s later. */
const escalated = (): ElopementAlert =>
  alertFixture('1', raisedAt, {
    escalation_tier: 1,
    steps: [
      { step: 'raised', at: iso(raisedAt), tier: 0, tier_name: 'Everyone on duty', by: null, device: null },
      { step: 'escalated', at: iso(raisedAt + 30), tier: 1, tier_name: 'Managers', by: null, device: null },
    ],
  });
const acknowledged = (alert: ElopementAlert): ElopementAlert => ({
  ...alert,
  state: 'acknowledged',
  acknowledged_at: iso(raisedAt + 40),
  acknowledged_by_end_user_info: nora,
  steps: [...alert.steps, { step: 'acknowledged', at: iso(raisedAt + 40), tier: null, tier_name: null, by: nora, device: 'Pixel 8' }],
});
const card = () => screen.findByRole('listitem', { name: 'Elopement alert: Margaret Hill at Front Entrance Outdoor' });

describe('an elopement alert’s state and steps', () => {
  it("shows every step, and I'm on it acknowledges the alert", async () => {
    let alert = escalated();
    const server = stubApi({
      'GET /api/v1/faces/alerts': () => ({ ok: true, alerts: [alert] }),
      [`POST /api/v1/faces/alerts/${alert.alert_id}/acknowledge`]: () => {
        alert = acknowledged(alert);
        return { ok: true, alert };
      },
    });
    const { user } = renderWithProviders(<ElopementAlerts domainId={DOMAIN} services={RECEIVE} />);

    const item = await card();
    expect(within(item).getByText('Raised')).toBeInTheDocument();
    const steps = within(item).getByRole('group', { name: 'Steps of the alert for Margaret Hill' });
    expect(
      within(steps)
        .getAllByText(/./)
        .map((line) => line.textContent),
    ).toEqual([
      `Raised ${formatStepTime(iso(raisedAt))} — told Everyone on duty`,
      `Escalated to Managers ${formatStepTime(iso(raisedAt + 30))}`,
    ]);

    await user.click(within(item).getByRole('button', { name: PUSH.acknowledgeText }));

    expect(await within(item).findByText('Acknowledged')).toBeInTheDocument();
    expect(within(steps).getByText(`Acknowledged by Nora Quinn (Pixel 8) ${formatStepTime(iso(raisedAt + 40))}`)).toBeInTheDocument();
    expect(within(item).queryByRole('button', { name: PUSH.acknowledgeText })).not.toBeInTheDocument();
    expect(within(item).getByRole('button', { name: 'Dismiss' })).toBeEnabled();
    expect(server.callsTo(`POST /api/v1/faces/alerts/${alert.alert_id}/acknowledge`).map((call) => call.body)).toEqual([
      { token: TEST_TOKEN },
    ]);
  });

  it("shows the server's refusal when someone was on it first, and the alert as it now is", async () => {
    let alert = escalated();
    stubApi({
      'GET /api/v1/faces/alerts': () => ({ ok: true, alerts: [alert] }),
      [`POST /api/v1/faces/alerts/${alert.alert_id}/acknowledge`]: () => {
        alert = acknowledged(alert);
        return new Reply(409, { ok: false, statusCode: 409, error: ACKNOWLEDGE_MESSAGES.alreadyAcknowledged });
      },
    });
    const { user } = renderWithProviders(<ElopementAlerts domainId={DOMAIN} services={RECEIVE} />);

    const item = await card();
    await user.click(within(item).getByRole('button', { name: PUSH.acknowledgeText }));

    expect(await within(item).findByRole('alert')).toHaveTextContent(ACKNOWLEDGE_MESSAGES.alreadyAcknowledged);
    await waitFor(() => expect(within(item).getByText(/^Acknowledged by Nora Quinn \(Pixel 8\)/)).toBeInTheDocument());
    expect(within(item).queryByRole('button', { name: PUSH.acknowledgeText })).not.toBeInTheDocument();
  });

  it("offers I'm on it only to those who receive alerts, and not once someone is on it", async () => {
    const alert = escalated();
    stubApi({ 'GET /api/v1/faces/alerts': () => ({ ok: true, alerts: [alert, acknowledged({ ...alertFixture('2', raisedAt - 60) })] }) });
    renderWithProviders(<ElopementAlerts domainId={DOMAIN} services={{ alerting: ['view_historic'] }} />);

    const items = await screen.findAllByRole('listitem', { name: /^Elopement alert:/ });
    expect(items).toHaveLength(2);
    for (const item of items) expect(within(item).queryByRole('button', { name: PUSH.acknowledgeText })).not.toBeInTheDocument();
  });
});
