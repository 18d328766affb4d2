import { useState } from 'react';
import { Alert, Button, Container, Group, Paper, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { CONSENT_MESSAGES, hasOperation, type PrivacyReply } from '@vigil/contract';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { useCurrentDomain } from '../../../lib/current-domain';
import { errorMessage } from '../../../lib/http';
import { useViewer } from '../../../lib/viewer';
import { usePrivacy } from '../api/get-privacy';
import { useSetConsentRequired } from '../api/set-consent-required';
import { useUpdateRetention } from '../api/update-retention';
import { RetentionCard } from '../components/retention-card';
import { changesOf, type Drafts } from '../lib/period-changes';
import { SweepStatus } from '../components/sweep-status';

function PrivacySettings({
  domainId,
  data,
  canEdit,
  canSetConsent,
}: {
  domainId: string;
  data: PrivacyReply;
  canEdit: boolean;
  canSetConsent: boolean;
}) {
  const [drafts, setDrafts] = useState<Drafts>({});
  const [notice, setNotice] = useState<string | null>(null);
  const update = useUpdateRetention(domainId);
  const consent = useSetConsentRequired(domainId);
  const { retention, problem } = changesOf(drafts, data.retention);
  const changed = Object.keys(drafts).length > 0;

  function save() {
    setNotice(null);
    update.mutate(
      { domain_uuid: domainId, retention },
      {
        onSuccess: () => {
          setDrafts({});
          setNotice('Saved. The next sweep deletes what is past the new periods.');
        },
      },
    );
  }

  return (
    <Stack gap="lg">
      <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="consent-title">
        <Stack gap="xs">
          <Title order={2} fz="h4" id="consent-title">
            Recognition consent
          </Title>
          <Switch
            label={CONSENT_MESSAGES.settingLabel}
            description={CONSENT_MESSAGES.settingHelp}
            checked={data.consent_required}
            disabled={!canSetConsent || consent.isPending}
            onChange={(e) => consent.mutate({ domainId, required: e.currentTarget.checked })}
          />
          {!canSetConsent && (
            <Text size="xs" c="dimmed">
              Only people who may edit this building&apos;s faces change this.
            </Text>
          )}
          {consent.isError && (
            <Alert color="red" role="alert">
              Could not change it: {errorMessage(consent.error)}
            </Alert>
          )}
        </Stack>
      </Paper>

      <section aria-labelledby="retention-title">
        <Stack gap="sm">
          <Title order={2} fz="h4" id="retention-title">
            How long data is kept
          </Title>
          <Text size="sm" c="dimmed">
            Each kind of data is deleted, files included, once it is older than its period. An open alert keeps its face, pictures and
            recording until it is dismissed.
          </Text>
          <SweepStatus sweep={data.sweep} />
          <SimpleGrid component="ul" cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" p={0} m={0} aria-label="Retention periods">
            {data.retention.map((entry) => (
              <RetentionCard
                key={entry.category}
                entry={entry}
                draft={drafts[entry.category]}
                canEdit={canEdit}
                onChange={(draft) => {
                  setNotice(null);
                  setDrafts((d) => {
                    const { [entry.category]: _dropped, ...rest } = d;
                    return draft === undefined ? rest : { ...rest, [entry.category]: draft };
                  });
                }}
              />
            ))}
          </SimpleGrid>
          {canEdit && (
            <Group>
              <Button onClick={save} disabled={!changed || problem !== null} loading={update.isPending}>
                Save periods
              </Button>
              {changed && (
                <Button variant="default" onClick={() => setDrafts({})} disabled={update.isPending}>
                  Cancel
                </Button>
              )}
            </Group>
          )}
          {problem && changed && (
            <Text size="sm" c="red" role="alert">
              {problem}
            </Text>
          )}
          {update.isError && (
            <Alert color="red" title="Not saved" role="alert">
              {errorMessage(update.error)}
            </Alert>
          )}
          {notice && (
            <Alert color="green" role="status">
              {notice}
            </Alert>
          )}
          {data.updated_at && (
            <Text size="xs" c="dimmed">
              Last changed {new Date(data.updated_at).toLocaleString()}
              {data.updated_by ? ` by ${data.updated_by}` : ''}.
            </Text>
          )}
        </Stack>
      </section>
    </Stack>
  );
}

/** /staff/privacy: the building's recognition consent, how long each kind of data is kept, and how much is held now. */
export default function PrivacyPage({ title }: { title: string }) {
  const { domainId, domain } = useCurrentDomain();
  const viewer = useViewer();
  const services = viewer.status === 'ready' ? viewer.services : undefined;
  const privacy = usePrivacy(domainId);
  const building = domain?.description ?? 'this building';
  return (
    <Container size="lg" py="md">
      <Stack gap="lg">
        <PageHeader title={title} building={domain?.description} />
        {privacy.isPending && <PageLoader label="Loading privacy settings" />}
        {privacy.isError && (
          <Alert color="red" title="Error" role="alert">
            Could not load the privacy settings of {building}: {errorMessage(privacy.error)}
            <div>
              <Button mt="sm" size="xs" variant="light" color="red" onClick={() => void privacy.refetch()}>
                Try again
              </Button>
            </div>
          </Alert>
        )}
        {privacy.data && domainId && (
          // Remount per building so nothing typed for one building is saved to another.
          <PrivacySettings
            key={domainId}
            domainId={domainId}
            data={privacy.data}
            canEdit={hasOperation(services, 'account', 'edit')}
            canSetConsent={hasOperation(services, 'faces', 'edit')}
          />
        )}
      </Stack>
    </Container>
  );
}
