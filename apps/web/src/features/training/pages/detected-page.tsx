import { useMemo, useState } from 'react';
import { Button, Paper, Stack, Text } from '@mantine/core';
import { hasOperation, sortCameras, trainingSubtitle } from '@vigil/contract';
import { useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { useFaces } from '../../../lib/api/get-faces';
import { useCurrentDomain } from '../../../lib/current-domain';
import { useFlag } from '../../../lib/flags';
import { useViewer } from '../../../lib/viewer';
import { DetectedFacesReview } from '../components/detected-faces-review';
import { SimpleTrainingFilterForm, TrainingFilterForm } from '../components/training-filter-form';
import { useTrainingFilters } from '../hooks/use-training-filters';
import { personNames } from '../lib/person-names';
import { detectionsRequest, simpleFormFilters } from '../lib/training-filters';

/** /detected/:faceId? — the face training tool (part 2 §2): filters, then the detections to review. */
export default function DetectedPage({ title }: { title: string }) {
  const { domains, domainId, domain } = useCurrentDomain();
  const newFilters = useFlag('new_training_filters');
  const dummy = useFlag('dummy_face_names');
  const faceId = useParams().faceId;
  const people = useFaces(domainId);
  const names = useMemo(() => personNames(people.data, dummy), [people.data, dummy]);
  const cameras = useMemo(() => sortCameras(domain?.cameras ?? []), [domain]);
  const [stored, applyFilters] = useTrainingFilters(domainId, faceId);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const viewerState = useViewer();
  const canAddVisitor = hasOperation(viewerState.status === 'ready' ? viewerState.services : undefined, 'faces', 'add');

  const personOptions = useMemo(
    () =>
      (people.data ?? [])
        .map((person) => ({ value: person.frontend_face_uuid, label: names.of(person.frontend_face_uuid, person.person_name) }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    [people.data, names],
  );

  // With the flag off only the older form's filters apply (part 1 §9).
  const filters = newFilters ? stored : simpleFormFilters(stored);
  const subtitle = trainingSubtitle(filters, {
    camera: (uuid) => cameras.find((camera) => camera.uuid === uuid)?.description,
    person: (uuid) => names.known(uuid),
  });
  const request = domainId
    ? detectionsRequest(
        domainId,
        filters,
        cameras.map((camera) => camera.uuid),
      )
    : null;

  let body;
  if (domains === undefined) body = <PageLoader label="Loading buildings" />;
  else if (!request) body = <Text>There is no building to review detections for.</Text>;
  else body = <DetectedFacesReview key={JSON.stringify(request)} request={request} names={names} canAddVisitor={canAddVisitor} />;

  const formProps = { value: stored, cameras, people: personOptions, onApply: applyFilters };
  return (
    <Stack gap="sm">
      <PageHeader
        title={title}
        building={domain?.description}
        action={
          <Button variant="light" aria-expanded={filtersOpen} onClick={() => setFiltersOpen((open) => !open)}>
            {filtersOpen ? 'Hide filters' : 'Filters'}
          </Button>
        }
      />
      {subtitle && (
        <Text c="dimmed" size="sm" aria-label="Active filters">
          {subtitle}
        </Text>
      )}
      {filtersOpen && (
        <Paper withBorder p="sm" radius="md">
          {newFilters ? <TrainingFilterForm key={JSON.stringify(stored)} {...formProps} /> : <SimpleTrainingFilterForm {...formProps} />}
        </Paper>
      )}
      {body}
    </Stack>
  );
}
