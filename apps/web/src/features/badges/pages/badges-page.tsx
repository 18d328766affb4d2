import { useMemo, useState } from 'react';
import { Alert, Anchor } from '@mantine/core';
import { useHotkeys, useMediaQuery } from '@mantine/hooks';
import { hasOperation, identityIdSchema, type SearchState } from '@vigil/contract';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { LoadErrorAlert, SplitPage, SplitView } from '../../../components/split-view';
import { PageLoader } from '../../../components/page-loader';
import { useCurrentDomain } from '../../../lib/current-domain';
import { errorMessage } from '../../../lib/http';
import { useSession } from '../../../lib/session';
import { useViewer } from '../../../lib/viewer';
import { useCredentialReport } from '../api/get-credential-report';
import { useCredentials } from '../api/get-credentials';
import { BadgeDetail, type BadgeDetailAccess } from '../components/badge-detail';
import { BadgeDetailEmpty } from '../components/badge-detail-empty';
import { BadgeList } from '../components/badge-list';
import { searchBadges, searchFromQueryString, stepIdentity, type IdentityStep } from '../lib/badge-search';

/** Phone width (part 1 §2 split layout): one pane at a time. */
const PHONE = '(max-width: 48em)';
const LIST_WIDTH = 380;

/** J and K are for the list, not for a dialog that has the focus. */
const inDialog = (event: KeyboardEvent): boolean => event.target instanceof Element && event.target.closest('[role="dialog"]') !== null;

/** /credential/:id? — the building's badges on the left, the chosen one's taps on the right (part 2 §2). */
export default function BadgesPage({ title }: { title: string }) {
  const { domainId, domain } = useCurrentDomain();
  const viewerState = useViewer();
  const services = viewerState.status === 'ready' ? viewerState.services : undefined;
  const session = useSession();
  const phone = useMediaQuery(PHONE, false, { getInitialValueInEffect: false });
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();

  const idParam = useParams().id;
  // An id that is not a credential identity id is ignored: the list shows, not an error.
  const selectedId = identityIdSchema.safeParse(idParam).success ? (idParam ?? null) : null;

  const canRead = viewerState.status !== 'ready' || hasOperation(services, 'keycard', 'view_all');
  const identities = useCredentials(canRead ? domainId : null);
  const report = useCredentialReport(canRead ? domainId : null);
  const [search, setSearch] = useState<SearchState>(() => searchFromQueryString(searchParams));

  const all = useMemo(() => identities.data ?? [], [identities.data]);
  const listed = useMemo(() => searchBadges(all, search), [all, search]);
  const selected = selectedId ? all.find((i) => i.identityId === selectedId) : undefined;

  const access: BadgeDetailAccess = {
    canTag: hasOperation(services, 'keycard', 'edit'),
    canWatch: hasOperation(services, 'video', 'view_historic'),
    staff: session.staff,
    email: session.email,
  };

  function step(direction: IdentityStep, event: KeyboardEvent) {
    if (inDialog(event)) return;
    const next = stepIdentity(
      listed.map((i) => i.identityId),
      selectedId,
      direction,
    );
    if (next && next !== selectedId) navigate(`/credential/${next}${location.search}`);
  }
  useHotkeys([
    ['j', (event) => step('previous', event)],
    ['k', (event) => step('next', event)],
  ]);

  const back = phone ? (
    <Anchor component={Link} to="/credential" size="sm">
      <span aria-hidden="true">← </span>Back
    </Anchor>
  ) : undefined;

  const listPane = (
    <BadgeList
      identities={listed}
      all={all}
      state={search}
      onStateChange={setSearch}
      selectedId={selectedId}
      showTrainingProgress={hasOperation(services, 'faces', 'view_training_progress')}
      mismatches={report.data?.report.metadata.rows}
    />
  );
  const detailPane =
    selected && domainId ? (
      <BadgeDetail key={selected.identityId} domainId={domainId} identity={selected} access={access} back={back} />
    ) : (
      <BadgeDetailEmpty unknownId={selectedId !== null} back={back} />
    );

  let body;
  if (!canRead) {
    body = (
      <Alert color="red" role="alert" title="Error">
        Badges need the keycard view_all permission in this building. Ask an administrator of the building for it.
      </Alert>
    );
  } else if (identities.isPending) {
    body = <PageLoader label="Loading badges" />;
  } else if (identities.isError && identities.data === undefined) {
    body = (
      <LoadErrorAlert what="the badges of this building" message={errorMessage(identities.error)} retry={() => void identities.refetch()} />
    );
  } else {
    body = <SplitView phone={phone} showDetail={Boolean(selectedId)} listWidth={LIST_WIDTH} list={listPane} detail={detailPane} />;
  }

  return <SplitPage header={<PageHeader title={title} building={domain?.description} />}>{body}</SplitPage>;
}
