import { ESCALATION_MESSAGES, type EscalationReply } from '@vigil/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Reply, stubApi } from '../../../test/api-stub';
import { renderWithProviders } from '../../../test/render';
import { TEST_TOKEN } from '../../../test/session';
import { EscalationSection } from './escalation-editor';

const DOMAIN = '5f0c8a2e-6b1d-4c3e-9a47-0d2b7e1f3a01';
const NORA = 'a1a1a1a1-0000-4000-8000-000000000001';
const stored = (): EscalationReply => ({
  ok: true,
  settings: { delay_seconds: 30, tiers: [{ name: 'Everyone on duty', role_ids: [], user_ids: [] }] },
  roles: [
    { id: 'caregiver', name: 'Caregiver' },
    { id: 'facility-manager', name: 'Facility manager' },
  ],
  users: [{ id: NORA, name: 'Nora Quinn', email: 'nurse@maple.example' }],
});

describe('the escalation section', () => {
  it('shows the tiers and when each is told, and saves a new tier of managers and a delay', async () => {
    let reply = stored();
    const server = stubApi({
      'GET /api/v1/alerts/escalation': () => reply,
      'PUT /api/v1/alerts/escalation': ({ body }) => {
        reply = { ...reply, settings: (body as { settings: EscalationReply['settings'] }).settings };
        return reply;
      },
    });
    const { user } = renderWithProviders(<EscalationSection domainId={DOMAIN} canEdit />);

    const tiers = await screen.findByRole('list', { name: 'Tiers' });
    expect(within(tiers).getByText('Tier 1 · Told at once, and again after 30 s if nobody is on it')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add a tier' }));
    const second = within(tiers).getByRole('listitem', { name: 'Tier 2: Tier 2' });
    const name = within(second).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Managers');
    await user.click(within(second).getByRole('textbox', { name: 'Roles' }));
    await user.click(await screen.findByRole('option', { name: 'Facility manager' }));
    const delay = screen.getByLabelText('Delay (seconds)');
    await user.clear(delay);
    await user.type(delay, '45');
    expect(within(tiers).getByText('Tier 2 · Told after 45 s if nobody is on it')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save escalation' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Saved the escalation.');
    expect(server.callsTo('PUT /api/v1/alerts/escalation').map((c) => c.body)).toEqual([
      {
        domain_uuid: DOMAIN,
        settings: {
          delay_seconds: 45,
          tiers: [
            { name: 'Everyone on duty', role_ids: [], user_ids: [] },
            { name: 'Managers', role_ids: ['facility-manager'], user_ids: [] },
          ],
        },
        token: TEST_TOKEN,
      },
    ]);
  });

  it('checks the form before sending, and keeps it as typed when the server refuses', async () => {
    const server = stubApi({
      'GET /api/v1/alerts/escalation': () => stored(),
      'PUT /api/v1/alerts/escalation': () => new Reply(400, { ok: false, statusCode: 400, error: ESCALATION_MESSAGES.unknownUser }),
    });
    const { user } = renderWithProviders(<EscalationSection domainId={DOMAIN} canEdit />);

    const delay = await screen.findByLabelText('Delay (seconds)');
    await user.clear(delay);
    await user.type(delay, '5');
    await user.click(screen.getByRole('button', { name: 'Save escalation' }));
    expect(await screen.findByText('Give a whole number of seconds from 10 to 600.')).toBeInTheDocument();
    expect(server.callsTo('PUT /api/v1/alerts/escalation')).toEqual([]);

    await user.clear(delay);
    await user.type(delay, '60');
    await user.click(screen.getByRole('button', { name: 'Save escalation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ESCALATION_MESSAGES.unknownUser);
    expect(delay).toHaveValue('60');
  });

  it('is read-only without alerting/edit', async () => {
    stubApi({ 'GET /api/v1/alerts/escalation': () => stored() });
    renderWithProviders(<EscalationSection domainId={DOMAIN} canEdit={false} />);

    expect(await screen.findByRole('note')).toHaveTextContent('changing it needs alerting/edit');
    await waitFor(() => expect(screen.getByLabelText('Delay (seconds)')).toBeDisabled());
    expect(screen.getByLabelText('Name')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save escalation' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add a tier' })).not.toBeInTheDocument();
  });
});
