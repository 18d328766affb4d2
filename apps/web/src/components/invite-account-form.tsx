import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { ACCOUNT_MESSAGES, EMAIL_PATTERN, type Account } from '@vigil/contract';
import { useAccounts } from '../lib/api/get-accounts';
import { useInviteAccount } from '../lib/api/invite-account';
import { errorMessage } from '../lib/http';

type Feedback = { kind: 'success' | 'error'; text: string } | null;

/**
 * Invite an e-mail with a role in a building: the People page's form, and the one the onboarding success step embeds
 * (here in components/, as features do not import each other). Offers only the roles the caller may give there.
 */
export function InviteAccountForm({ domainId, onInvited }: { domainId: string; onInvited?: (account: Account, role: string) => void }) {
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<string | null>(null);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const accounts = useAccounts(domainId);
  const invite = useInviteAccount();
  const roles = (accounts.data?.roles ?? []).filter((r) => r.assignable);

  function submit(event: FormEvent) {
    event.preventDefault();
    const address = email.trim().toLowerCase();
    if (!EMAIL_PATTERN.test(address)) return setFeedback({ kind: 'error', text: 'Enter an e-mail address such as name@example.com.' });
    if (!role) return setFeedback({ kind: 'error', text: 'Choose the role they get in this building.' });
    setFeedback(null);
    invite.mutate(
      { domainId, email: address, role, ...(name.trim() && { display_name: name.trim() }) },
      {
        onSuccess: (account) => {
          setFeedback({ kind: 'success', text: ACCOUNT_MESSAGES.invited(account.email, role) });
          setEmail('');
          setName('');
          onInvited?.(account, role);
        },
        // What was typed stays, so it can be fixed and sent again.
        onError: (error) => setFeedback({ kind: 'error', text: errorMessage(error) }),
      },
    );
  }

  return (
    <form onSubmit={submit} aria-label="Invite someone" noValidate>
      <Stack gap="sm">
        <SimpleGrid type="container" cols={{ base: 1, '540px': 3 }} spacing="sm">
          <TextInput
            label="E-mail"
            type="email"
            placeholder="name@example.com"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            autoComplete="off"
            required
          />
          <TextInput
            label="Name (optional)"
            placeholder="As it should be shown"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            autoComplete="off"
          />
          <Select
            label="Role"
            placeholder={accounts.isPending ? 'Loading roles…' : 'Choose a role'}
            data={roles.map((r) => ({ value: r.name, label: r.name }))}
            value={role}
            onChange={setRole}
            disabled={roles.length === 0}
            error={accounts.isError ? `Could not load the roles: ${errorMessage(accounts.error)}` : undefined}
            description={roles.find((r) => r.name === role)?.description}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            required
          />
        </SimpleGrid>
        {feedback && (
          <Alert color={feedback.kind === 'success' ? 'teal' : 'red'} variant="light" role={feedback.kind === 'error' ? 'alert' : 'status'}>
            {feedback.text}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={invite.isPending}>
            Invite
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
