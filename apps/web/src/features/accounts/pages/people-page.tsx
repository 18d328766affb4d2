import { Alert, Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { mayManageAccounts } from '@vigil/contract';
import { Link } from 'react-router';
import { InviteAccountForm } from '../../../components/invite-account-form';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { useAccounts } from '../../../lib/api/get-accounts';
import { useCurrentDomain } from '../../../lib/current-domain';
import { errorMessage } from '../../../lib/http';
import { useOpenRoutes } from '../../../lib/route-catalog';
import { useViewer } from '../../../lib/viewer';
import { AccountRow } from '../components/account-row';

/** /account/people: who may use Vigil in the current building, with which role; invite, change and revoke them. */
export default function PeoplePage({ title }: { title: string }) {
  const { domainId, domain } = useCurrentDomain();
  const viewerState = useViewer();
  const services = viewerState.status === 'ready' ? viewerState.services : undefined;
  const accounts = useAccounts(domainId);
  const building = domain?.description ?? 'this building';
  // The building's administrators look for the audit trail next to who has access.
  const audit = useOpenRoutes((route) => route.href === '/staff/audit').routes[0];

  return (
    <Container size="lg" py="md">
      <Stack gap="lg">
        <PageHeader
          title={title}
          building={domain?.description}
          action={
            audit && (
              <Button component={Link} to={audit.href} variant="light">
                {audit.title}
              </Button>
            )
          }
        />
        {domainId && mayManageAccounts(services, 'invite') && (
          <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="invite-title">
            <Stack gap="sm">
              <Title order={2} fz="h4" id="invite-title">
                Invite someone
              </Title>
              <Text size="sm" c="dimmed">
                They sign in with Google or Microsoft using this e-mail; the role decides what they see at {building}.
              </Text>
              {/* Remount per building so nothing typed for one building is sent to another. */}
              <InviteAccountForm key={domainId} domainId={domainId} />
            </Stack>
          </Paper>
        )}
        <section aria-labelledby="people-title">
          <Stack gap="sm">
            <Title order={2} fz="h4" id="people-title">
              People with access
            </Title>
            {accounts.isPending && <PageLoader label="Loading people" />}
            {accounts.isError && (
              <Alert color="red" title="Error" role="alert">
                Could not load the people of {building}: {errorMessage(accounts.error)}
              </Alert>
            )}
            {accounts.data && accounts.data.accounts.length === 0 && (
              <Text>Nobody has access to {building} yet. Invite someone above.</Text>
            )}
            {accounts.data && domainId && accounts.data.accounts.length > 0 && (
              <Stack component="ul" gap="sm" p={0} m={0} aria-label="People">
                {accounts.data.accounts.map((account) => (
                  <AccountRow
                    key={`${domainId}:${account.user_id}`}
                    account={account}
                    roles={accounts.data.roles}
                    domainId={domainId}
                    building={building}
                    canChange={mayManageAccounts(services, 'change')}
                    canRevoke={mayManageAccounts(services, 'revoke')}
                  />
                ))}
              </Stack>
            )}
          </Stack>
        </section>
      </Stack>
    </Container>
  );
}
