import type { ReactNode } from 'react';
import { Alert, Badge, Button, Group, Popover, Stack, Text, Title } from '@mantine/core';
import { BADGE_ROLE_TEXT, ratioPercent, titleCase, type BadgeIdentity } from '@vigil/contract';
import { errorMessage } from '../../../lib/http';
import { useDownloadCredentialReport } from '../api/download-credential-report';
import { BADGE_MESSAGES } from '../lib/badge-texts';

/**
 * The badge detail's header (part 2 §2): the title-cased name; tags for the share of taps that match, the unit (its
 * role on click) and 'Needs Training'; Download Tenant Report, and Download Unit Report when the unit has co-tenants.
 */
export function BadgeHeader({
  domainId,
  identity,
  matchRatio,
  back,
}: {
  domainId: string;
  identity: BadgeIdentity;
  /** the latest score's ratio (part 2 §7 'Use score') */
  matchRatio: number;
  back?: ReactNode;
}) {
  const download = useDownloadCredentialReport();
  const role = BADGE_ROLE_TEXT[identity.role];
  const unit = identity.unit;
  return (
    <Stack gap="xs">
      {back}
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={6}>
          <Title order={2} fz="h3" style={{ overflowWrap: 'anywhere' }}>
            {titleCase(identity.name)}
          </Title>
          <Group gap={6} role="group" aria-label="Tags">
            <Badge variant="light" color="blue">
              {ratioPercent(matchRatio)} of taps match
            </Badge>
            {unit ? (
              <Popover position="bottom-start" withArrow shadow="sm">
                <Popover.Target>
                  <Badge component="button" type="button" variant="light" color="gray" style={{ cursor: 'pointer' }}>
                    Unit {unit}
                  </Badge>
                </Popover.Target>
                <Popover.Dropdown>
                  <Text size="sm">{role}</Text>
                </Popover.Dropdown>
              </Popover>
            ) : (
              <Badge variant="light" color="gray">
                {role}
              </Badge>
            )}
            {!identity.wellTrained && (
              <Badge variant="light" color="orange">
                {BADGE_MESSAGES.needsTraining}
              </Badge>
            )}
          </Group>
        </Stack>
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            loading={download.isPending && download.variables.target.kind === 'tenant'}
            onClick={() => download.mutate({ domainId, target: { kind: 'tenant', identityId: identity.identityId } })}
          >
            Download Tenant Report
          </Button>
          {unit && identity.cotenants.length > 0 && (
            <Button
              size="xs"
              variant="default"
              loading={download.isPending && download.variables.target.kind === 'unit'}
              onClick={() => download.mutate({ domainId, target: { kind: 'unit', unit } })}
            >
              Download Unit Report
            </Button>
          )}
        </Group>
      </Group>
      {download.isError && (
        <Alert color="red" role="alert" withCloseButton onClose={() => download.reset()}>
          The report could not be downloaded: {errorMessage(download.error)}
        </Alert>
      )}
    </Stack>
  );
}
