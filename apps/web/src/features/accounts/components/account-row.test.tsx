import { ACCOUNT_MESSAGES, type Account, type AccountsReply } from '@vigil/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Reply, stubApi } from '../../../test/api-stub';
import { renderWithProviders } from '../../../test/render';
import { TEST_TOKEN } from '../../../test/session';
import { AccountRow } from './account-row';

const DOMAIN = '5f0c8a2e-6b1d-4c3e-9a47-0d2b7e1f3a01';
const ROLES: AccountsReply['roles'] = [
  { name: 'Caregiver', description: 'Sees alerts and live video', assignable: true },
  { name: 'Nurse', description: 'Also answers face matches', assignable: true },
  { name: 'Owner', description: 'Everything, in every building', assignable: false },
];

const account = (overrides: Partial<Account> = {}): Account => ({
  user_id: 'a1000000-0000-4000-8000-000000000001',
  email: 'jane@example.com',
  display_name: 'Jane Carter',
  roles: ['Caregiver'],
  you: false,
  ...overrides,
});
const accountPath = `/api/v1/domains/${DOMAIN}/accounts/${account().user_id}`;

function renderRow(shown: Account, rights = { canChange: true, canRevoke: true }) {
  const rendered = renderWithProviders(
    <ul>
      <AccountRow account={shown} roles={ROLES} domainId={DOMAIN} building="Maple Court" {...rights} />
    </ul>,
  );
  return { ...rendered, row: screen.getByRole('listitem', { name: shown.email }) };
}

const roleBadges = (row: HTMLElement) =>
  within(within(row).getByRole('list', { name: 'Roles' }))
    .getAllByRole('listitem')
    .map((badge) => badge.textContent);

describe('account row', () => {
  it('shows the name, the e-mail and the roles held in the building', () => {
    stubApi({});
    const { row } = renderRow(account({ roles: ['Caregiver', 'Nurse'] }));
    expect(within(row).getByText('Jane Carter')).toBeInTheDocument();
    expect(within(row).getByText('jane@example.com')).toBeInTheDocument();
    expect(roleBadges(row)).toEqual(['Caregiver', 'Nurse']);
    expect(within(row).getByRole('button', { name: 'Change roles' })).toBeEnabled();
    expect(within(row).getByRole('button', { name: 'Revoke' })).toBeEnabled();
  });

  it("one's own account: marked You, and neither changed nor revoked here", () => {
    stubApi({});
    const { row } = renderRow(account({ you: true }));
    expect(within(row).getByText('You')).toBeInTheDocument();
    expect(within(row).getByText(ACCOUNT_MESSAGES.ownAccess)).toBeInTheDocument();
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
  });

  it('without the rights to change or revoke: no buttons', () => {
    stubApi({});
    const { row } = renderRow(account(), { canChange: false, canRevoke: false });
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
  });

  it('someone holding a role the caller may not give can be neither changed nor revoked by them', () => {
    stubApi({});
    const { row } = renderRow(account({ roles: ['Owner'] }));
    expect(within(row).getByRole('button', { name: 'Change roles' })).toBeDisabled();
    expect(within(row).getByRole('button', { name: 'Revoke' })).toBeDisabled();
    expect(within(row).getByText('They hold a role you may not give, so only someone who may can change it.')).toBeInTheDocument();
  });

  it('Change roles: ticks the roles the caller may give, keeps at least one, and saves the new set', async () => {
    const api = stubApi({ [`PUT ${accountPath}`]: ({ body }) => ({ ok: true, account: account({ roles: (body as Account).roles }) }) });
    const { row, user } = renderRow(account());

    await user.click(within(row).getByRole('button', { name: 'Change roles' }));
    const editor = within(row).getByRole('group', { name: 'Roles in this building' });
    expect(within(editor).getByRole('checkbox', { name: /Caregiver/ })).toBeChecked();
    expect(within(editor).getByRole('checkbox', { name: /Owner/ })).toBeDisabled();
    expect(within(row).queryByRole('button', { name: 'Revoke' })).not.toBeInTheDocument();

    await user.click(within(editor).getByRole('checkbox', { name: /Caregiver/ }));
    await user.click(within(row).getByRole('button', { name: 'Save roles' }));
    expect(within(row).getByRole('alert')).toHaveTextContent('Keep at least one role, or revoke their access.');
    expect(api.calls).toEqual([]);

    await user.click(within(editor).getByRole('checkbox', { name: /Nurse/ }));
    await user.click(within(row).getByRole('button', { name: 'Save roles' }));
    await waitFor(() => expect(within(row).queryByRole('group', { name: 'Roles in this building' })).not.toBeInTheDocument());
    expect(within(row).queryByRole('alert')).not.toBeInTheDocument();
    expect(api.callsTo(`PUT ${accountPath}`).map((call) => call.body)).toEqual([{ roles: ['Nurse'], token: TEST_TOKEN }]);
  });

  it("a refused change keeps the editor open with the server's reason", async () => {
    stubApi({ [`PUT ${accountPath}`]: () => new Reply(403, { ok: false, error: 'You may not give the role Nurse here.' }) });
    const { row, user } = renderRow(account());

    await user.click(within(row).getByRole('button', { name: 'Change roles' }));
    await user.click(within(row).getByRole('checkbox', { name: /Nurse/ }));
    await user.click(within(row).getByRole('button', { name: 'Save roles' }));

    expect(await within(row).findByRole('alert')).toHaveTextContent('You may not give the role Nurse here.');
    expect(within(row).getByRole('checkbox', { name: /Nurse/ })).toBeChecked();
  });

  it('Revoke asks first, says what goes, and takes every role in the building', async () => {
    const api = stubApi({ [`DELETE ${accountPath}`]: () => ({ ok: true, revoked: ['Caregiver', 'Nurse'] }) });
    const { row, user } = renderRow(account({ roles: ['Caregiver', 'Nurse'] }));

    await user.click(within(row).getByRole('button', { name: 'Revoke' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke jane@example.com?' });
    expect(dialog).toHaveTextContent(
      'jane@example.com loses every role at Maple Court (Caregiver, Nurse) at once, and any live video they are watching there stops.',
    );
    expect(api.calls).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Revoke access' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo(`DELETE ${accountPath}`)).toHaveLength(1);
  });

  it('Cancel in the Revoke dialog revokes nothing', async () => {
    const api = stubApi({});
    const { row, user } = renderRow(account());
    await user.click(within(row).getByRole('button', { name: 'Revoke' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls).toEqual([]);
  });
});
