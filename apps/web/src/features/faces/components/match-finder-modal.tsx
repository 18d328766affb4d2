import { useMemo, useState, type FormEvent } from 'react';
import { Alert, Button, Grid, Group, Loader, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { MATCH_FINDER_MESSAGES, sortCameras, type Face } from '@vigil/contract';
import { useDomains } from '../../../lib/api/get-domains';
import { useMatchFinder } from '../hooks/use-match-finder';
import { NO_MATCH_FINDER_FILTERS, matchFinderFiltersError, type MatchFinderFilters } from '../lib/match-finder';
import { MatchFinderResults } from './match-finder-results';

/** Phone width: the modal takes the whole screen. */
const PHONE = '(max-width: 48em)';

/**
 * The match finder ('Find more tags for {name}?', part 2 §2, §5): optional From and To days and camera, 'Search', then
 * the faces most like the person to select and confirm as them. What was typed stays after a failed search.
 */
export function MatchFinderModal({ face, onClose }: { face: Face; onClose: () => void }) {
  const phone = useMediaQuery(PHONE, false, { getInitialValueInEffect: false });
  const domains = useDomains();
  const cameras = useMemo(
    () => sortCameras(domains.data?.find((d) => d.uuid === face.domain_uuid)?.cameras ?? []),
    [domains.data, face.domain_uuid],
  );
  const [filters, setFilters] = useState<MatchFinderFilters>(NO_MATCH_FINDER_FILTERS);
  const [formError, setFormError] = useState<string | null>(null);
  const finder = useMatchFinder(face);
  const set = (key: keyof MatchFinderFilters) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setFilters((f) => ({ ...f, [key]: value }));
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    const error = matchFinderFiltersError(filters);
    setFormError(error);
    if (!error && !finder.searching) finder.run(filters);
  }

  return (
    <Modal opened onClose={onClose} title={MATCH_FINDER_MESSAGES.title(face.person_name)} size="xl" centered fullScreen={phone}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Past detections most like {face.person_name}. Days are the building&apos;s own; leave them empty to search every day.
        </Text>
        <form onSubmit={submit} noValidate aria-label="Search for matches">
          <Grid gutter="sm" align="flex-end">
            <Grid.Col span={{ base: 6, sm: 3 }}>
              <TextInput type="date" label="From" value={filters.from} onChange={set('from')} />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 3 }}>
              <TextInput type="date" label="To" value={filters.to} onChange={set('to')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <NativeSelect
                label="Camera"
                value={filters.cameraId}
                onChange={set('cameraId')}
                data={[{ value: '', label: 'All cameras' }, ...cameras.map((c) => ({ value: c.uuid, label: c.description }))]}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 2 }}>
              <Button type="submit" fullWidth loading={finder.searching}>
                Search
              </Button>
            </Grid.Col>
          </Grid>
        </form>
        {formError && (
          <Alert color="red" variant="light" role="alert" p="xs">
            {formError}
          </Alert>
        )}
        {finder.searching && (
          <Group gap="xs" role="status">
            <Loader size="xs" />
            <Text size="sm">Comparing past detections with {face.person_name}…</Text>
          </Group>
        )}
        {finder.searchError && (
          <Alert color="red" variant="light" role="alert" p="xs">
            {finder.searchError}
          </Alert>
        )}
        <MatchFinderResults finder={finder} personId={face.frontend_face_uuid} personName={face.person_name} />
      </Stack>
    </Modal>
  );
}
