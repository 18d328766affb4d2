import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Group, Loader, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { TRAINING_API, type ConfirmedFace } from '@vigil/contract';
import { errorMessage } from '../../../lib/http';
import { useNow } from '../../../lib/use-now';
import { confirmedFacesQueryOptions } from '../api/get-confirmed-faces';
import { useLoadOnVisible } from '../hooks/use-load-on-visible';
import type { PersonNames } from '../lib/person-names';
import { CONFIRMED_TEXTS, DETECTED_TEXTS } from '../lib/training-texts';
import { ConfirmedFaceCard } from './confirmed-face-card';

const confirmationKey = (face: ConfirmedFace): string => `${face.runtime_face_uuid}|${face.frontend_face_uuid}`;

/**
 * Confirmed faces with infinite scrolling (part 2 §2): everyone's 50 a page, or one person's fetched at once and shown
 * 50 more at a time. Failures are only logged (§8); a removed face leaves the list.
 */
export function ConfirmedFacesList({ domainId, personId, names }: { domainId: string; personId: string | null; names: PersonNames }) {
  const query = useInfiniteQuery(confirmedFacesQueryOptions(domainId, personId));
  const now = useNow(10_000);
  const [removed, setRemoved] = useState<ReadonlySet<string>>(() => new Set());
  const [shownCount, setShownCount] = useState<number>(TRAINING_API.confirmedPageSize);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;

  const all = useMemo(
    () => (query.data?.pages ?? []).flatMap((page) => page.faces_confirmed).filter((face) => !removed.has(confirmationKey(face))),
    [query.data, removed],
  );
  const faces = personId ? all.slice(0, shownCount) : all;
  const more = personId ? shownCount < all.length : hasNextPage;
  const loadMore = () => {
    if (personId) setShownCount((count) => count + TRAINING_API.confirmedPageSize);
    else if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  };
  const sentinel = useLoadOnVisible(loadMore, more && !isFetchingNextPage && !isFetchNextPageError);

  useEffect(() => {
    if (query.error) console.warn(`Loading confirmed faces failed: ${errorMessage(query.error)}`);
  }, [query.error]);

  const loading = query.isPending || isFetchingNextPage;
  return (
    <Stack gap="sm">
      {loading && (
        <Alert color="blue" variant="light" p="xs">
          <Group gap="xs" role="status">
            <Loader size="xs" />
            <Text size="sm">Loading confirmed faces…</Text>
          </Group>
        </Alert>
      )}
      {query.isError && all.length === 0 && (
        <Group gap="sm">
          <Text size="sm" c="dimmed">
            The confirmed faces could not be loaded.
          </Text>
          <Button size="compact-sm" variant="light" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Group>
      )}
      {query.isSuccess && all.length === 0 && (
        <Paper withBorder p="xl" radius="md">
          <Text fw={600}>{CONFIRMED_TEXTS.empty}</Text>
          <Text size="sm" c="dimmed" mt={4}>
            Faces confirmed in the face training tool appear here.
          </Text>
        </Paper>
      )}
      {faces.length > 0 && (
        <SimpleGrid component="ul" cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="sm" p={0} m={0} aria-label="Confirmed faces">
          {faces.map((face) => (
            <ConfirmedFaceCard
              key={confirmationKey(face)}
              face={face}
              name={names.of(face.frontend_face_uuid, face.person_name)}
              now={now}
              onRemoved={() => setRemoved((current) => new Set(current).add(confirmationKey(face)))}
            />
          ))}
        </SimpleGrid>
      )}
      {more && !loading && (
        <Group justify="center">
          <Button variant="light" size="sm" onClick={loadMore}>
            {DETECTED_TEXTS.loadMore}
          </Button>
        </Group>
      )}
      <div ref={sentinel} aria-hidden="true" />
    </Stack>
  );
}
