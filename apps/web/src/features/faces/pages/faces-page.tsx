import { useMemo, useState } from 'react';
import { Alert, Anchor, Button, Group } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { ALERTS_MESSAGES, canReadFaces, hasOperation, isFaceId, type SearchState } from '@vigil/contract';
import { Link, useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { LoadErrorAlert, SplitPage, SplitView } from '../../../components/split-view';
import { PageLoader } from '../../../components/page-loader';
import { useCurrentDomain } from '../../../lib/current-domain';
import { useFlag } from '../../../lib/flags';
import { errorMessage } from '../../../lib/http';
import { useOpenRoutes } from '../../../lib/route-catalog';
import { useViewer } from '../../../lib/viewer';
import { useFaces } from '../../../lib/api/get-faces';
import { useConsentSetting } from '../api/consent-setting';
import { ConsentSettingSwitch } from '../components/consent-setting-switch';
import { DeleteFaceModal } from '../components/delete-face-modal';
import { FaceDetails, type FaceDetailsAccess } from '../components/face-details';
import { FaceDetailsEmpty } from '../components/face-details-empty';
import { FaceFormModal, type FaceFormTarget } from '../components/face-form-modal';
import { FaceList } from '../components/face-list';
import { useNow } from '../hooks/use-now';
import { displayFace } from '../lib/display-name';
import { INITIAL_FACE_SEARCH, searchFaces } from '../lib/face-search';

/** Phone width (part 1 §2 split layout): one pane at a time. */
const PHONE = '(max-width: 48em)';
const LIST_WIDTH = 360;

/** /faces/:id? — the people of the building on the left, the chosen person on the right (part 2 §2). */
export default function FacesPage({ title }: { title: string }) {
  const { domainId, domain } = useCurrentDomain();
  const viewerState = useViewer();
  const services = viewerState.status === 'ready' ? viewerState.services : undefined;
  const phone = useMediaQuery(PHONE, false, { getInitialValueInEffect: false });
  const dummy = useFlag('dummy_face_names');
  const navigate = useNavigate();
  const now = useNow(10_000);
  const { routes: openRoutes } = useOpenRoutes((r) => r.href === '/confirmed' || r.href === '/detected');

  const idParam = useParams().id;
  // Part 2 §5: an id that fails the format check is ignored: the list shows, not an error.
  const selectedId = isFaceId(idParam) ? idParam : null;

  const canRead = viewerState.status !== 'ready' || canReadFaces(services);
  const faces = useFaces(canRead ? domainId : null);
  const consentSetting = useConsentSetting(canRead ? domainId : null);
  const [search, setSearch] = useState<SearchState>(INITIAL_FACE_SEARCH);
  const [formTarget, setFormTarget] = useState<FaceFormTarget | null>(null);
  const [deleting, setDeleting] = useState<{ id: string; name: string } | null>(null);

  // Every name these pages show goes through displayFace (the dummy face names flag); the edit form gets the real person.
  const shown = useMemo(() => (faces.data ?? []).map((f) => displayFace(f, dummy)), [faces.data, dummy]);
  const listed = useMemo(() => searchFaces(shown, search), [shown, search]);
  const selected = selectedId ? shown.find((f) => f.frontend_face_uuid === selectedId) : undefined;

  const access: FaceDetailsAccess = {
    canEdit: hasOperation(services, 'faces', 'add'),
    canDelete: hasOperation(services, 'faces', 'delete'),
    canViewHistoric: hasOperation(services, 'video', 'view_historic'),
    canOpenConfirmed: openRoutes.some((r) => r.href === '/confirmed'),
    canFindMatches: hasOperation(services, 'faces', 'train_model'),
    canExport: hasOperation(services, 'faces', 'find_all'),
    expandedHistogram: hasOperation(services, 'faces', 'view_expanded_histogram'),
  };
  const canAdd = access.canEdit && domainId !== null;
  // The building's administrators (faces/edit) say whether recognition there needs consent.
  const canSetConsent = hasOperation(services, 'faces', 'edit') && domainId !== null;

  const back = phone ? (
    <Anchor component={Link} to="/faces" size="sm">
      <span aria-hidden="true">← </span>Back
    </Anchor>
  ) : undefined;

  function openEdit() {
    const original = faces.data?.find((f) => f.frontend_face_uuid === selectedId);
    if (original && selected) setFormTarget({ kind: 'edit', face: original, shown: selected });
  }

  const listPane = (
    <FaceList
      faces={listed}
      total={shown.length}
      state={search}
      onStateChange={setSearch}
      selectedId={selectedId}
      refreshing={faces.isFetching && !faces.isPending}
      now={now}
    />
  );
  const detailPane = selected ? (
    <FaceDetails
      key={selected.frontend_face_uuid}
      face={selected}
      now={now}
      access={access}
      back={back}
      consentRequired={consentSetting.data?.required ?? false}
      onEdit={openEdit}
      onDelete={() => setDeleting({ id: selected.frontend_face_uuid, name: selected.person_name })}
    />
  ) : (
    <FaceDetailsEmpty unknownId={selectedId !== null} canOpenDetected={openRoutes.some((r) => r.href === '/detected')} back={back} />
  );

  let body;
  if (!canRead) {
    body = (
      <Alert color="red" role="alert" title="Error">
        {ALERTS_MESSAGES.facesNoAccess}
      </Alert>
    );
  } else if (faces.isPending) {
    body = <PageLoader label="Loading people" />;
  } else if (faces.isError && faces.data === undefined) {
    body = <LoadErrorAlert what="the people of this building" message={errorMessage(faces.error)} retry={() => void faces.refetch()} />;
  } else {
    body = <SplitView phone={phone} showDetail={Boolean(selectedId)} listWidth={LIST_WIDTH} list={listPane} detail={detailPane} />;
  }

  return (
    <SplitPage
      header={
        <PageHeader
          title={title}
          building={domain?.description}
          action={
            (canAdd || canSetConsent) && (
              <Group gap="md">
                {canSetConsent && domainId && <ConsentSettingSwitch domainId={domainId} required={consentSetting.data?.required} />}
                {canAdd && (
                  <Button variant="light" onClick={() => domainId && setFormTarget({ kind: 'add', domainId })}>
                    Add Person
                  </Button>
                )}
              </Group>
            )
          }
        />
      }
    >
      {body}
      {formTarget && (
        <FaceFormModal
          target={formTarget}
          onClose={() => setFormTarget(null)}
          onSaved={(id) => {
            setFormTarget(null);
            navigate(`/faces/${id}`);
          }}
        />
      )}
      {deleting && (
        <DeleteFaceModal
          faceId={deleting.id}
          name={deleting.name}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            setDeleting(null);
            navigate('/faces');
          }}
        />
      )}
    </SplitPage>
  );
}
