import { useState, type ReactNode } from 'react';
import { Paper, Stack, Tabs, Text } from '@mantine/core';
import { titleCase, type AccessEvent, type BadgeDetection, type BadgeIdentity } from '@vigil/contract';
import { useAccessEvents } from '../api/get-access-events';
import { useCredentialScore } from '../api/get-credential-score';
import { ACCESS_EVENT_VIEW_TABS, BADGE_MESSAGES, credentialTabs, verifiedMatchesText, type AccessEventView } from '../lib/badge-texts';
import { AccessEventList } from './access-event-list';
import type { AccessEventCardAccess } from './access-event-card';
import { BadgeHeader } from './badge-header';
import { RecentVerificationAlert } from './recent-verification-alert';
import { TaggingModal, type TaggingTarget } from './tagging-modal';

export interface BadgeDetailAccess extends AccessEventCardAccess {
  /** staff see the warning of someone else's recent verification */
  staff: boolean;
  email: string | null;
}

/**
 * The badge detail (part 2 §2): header, the staff warning, the 'Badge n' tabs when the identity holds several
 * credentials, the view tabs, the verified-matches message and the taps, and the tagging modal.
 */
export function BadgeDetail({
  domainId,
  identity: listed,
  access,
  back,
}: {
  domainId: string;
  identity: BadgeIdentity;
  access: BadgeDetailAccess;
  back?: ReactNode;
}) {
  const badgeTabs = credentialTabs(listed);
  const [credential, setCredential] = useState<string | null>(badgeTabs[0]?.value ?? null);
  const [view, setView] = useState<AccessEventView>('verifiable');
  const [tagging, setTagging] = useState<TaggingTarget | null>(null);
  const events = useAccessEvents({ domainId, identityId: listed.identityId, view, credentialUuid: credential });
  const score = useCredentialScore(domainId, listed.identityId);

  // The taps' reply carries the freshest identity; the list's stands in until it comes.
  const firstPage = events.data?.pages[0];
  const identity = firstPage?.identity ?? listed;
  const counts = score.data ?? identity;
  const onConfirm = (event: AccessEvent, detections: readonly BadgeDetection[]) => setTagging({ event, detections });

  // The view tabs, each panel rendered only while chosen; inside the 'Badge n' tabs when there are several credentials.
  const activity = (
    <Tabs value={view} onChange={(value) => value && setView(value as AccessEventView)} keepMounted={false}>
      <Tabs.List aria-label="Activity">
        {ACCESS_EVENT_VIEW_TABS.map((tab) => (
          <Tabs.Tab key={tab.value} value={tab.value}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {ACCESS_EVENT_VIEW_TABS.map((tab) => (
        <Tabs.Panel key={tab.value} value={tab.value} pt="sm">
          <Stack gap="sm">
            <Text>{verifiedMatchesText(counts.matched)}</Text>
            <AccessEventList
              domainId={domainId}
              identityId={identity.identityId}
              view={view}
              query={events}
              access={access}
              onConfirm={onConfirm}
            />
          </Stack>
        </Tabs.Panel>
      ))}
    </Tabs>
  );
  const badgePanels = (
    <Tabs value={credential} onChange={(value) => value && setCredential(value)} variant="pills" keepMounted={false}>
      <Tabs.List aria-label="Badges">
        {badgeTabs.map((tab) => (
          <Tabs.Tab key={tab.value} value={tab.value}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {badgeTabs.map((tab) => (
        <Tabs.Panel key={tab.value} value={tab.value} pt="sm">
          {activity}
        </Tabs.Panel>
      ))}
    </Tabs>
  );

  return (
    <Paper component="section" aria-label={titleCase(identity.name)} withBorder radius="md" p="md" h="100%" style={{ overflowY: 'auto' }}>
      <Stack gap="sm">
        <BadgeHeader domainId={domainId} identity={identity} matchRatio={counts.matchRatio} back={back} />
        {access.staff && firstPage && (
          <RecentVerificationAlert last={firstPage.lastVerification} email={access.email} receivedAt={events.dataUpdatedAt} />
        )}
        {counts.total === 0 ? <Text>{BADGE_MESSAGES.neverUsed}</Text> : badgeTabs.length === 0 ? activity : badgePanels}
      </Stack>
      {tagging && <TaggingModal domainId={domainId} identity={identity} target={tagging} onClose={() => setTagging(null)} />}
    </Paper>
  );
}
