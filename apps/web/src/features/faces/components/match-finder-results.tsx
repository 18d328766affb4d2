import { Alert, Badge, Box, Button, Group, Paper, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import type { MatchFinderResult } from '@vigil/contract';
import type { MatchFinderState } from '../hooks/use-match-finder';
import { formatMoment } from '../../../lib/format-moment';
import { similarityText, comparedNote } from '../lib/match-finder';
import { MediaImage } from '../../../components/media-image';

/** One face found: its picture, camera, moment and similarity; a click selects or deselects it. */
function FoundFace({
  result,
  personId,
  selected,
  onToggle,
}: {
  result: MatchFinderResult;
  personId: string;
  selected: boolean;
  onToggle: () => void;
}) {
  const at = formatMoment(Date.parse(result.captured_at));
  const similarity = similarityText(result.similarity);
  // Confirming moves a face another person holds; one rejected for this person was answered before.
  const note =
    result.match_confirmed === 1 && result.frontend_face_uuid !== personId
      ? 'Confirmed as someone else'
      : result.match_confirmed === 0 && result.frontend_face_uuid === personId
        ? 'Marked as not them before'
        : null;
  return (
    <UnstyledButton
      aria-pressed={selected}
      aria-label={`${result.camera_description}, ${at}, similarity ${similarity}`}
      onClick={onToggle}
      style={{ display: 'block', minWidth: 0 }}
    >
      <Paper
        withBorder
        radius="md"
        p={6}
        pos="relative"
        style={{
          borderColor: selected ? 'var(--mantine-color-blue-6)' : undefined,
          boxShadow: selected ? '0 0 0 2px var(--mantine-color-blue-6)' : undefined,
        }}
      >
        <MediaImage src={result.frame_uri} alt={`Face at ${result.camera_description}`} w="100%" h={120} />
        {selected && (
          <Badge pos="absolute" top={10} right={10} size="lg" circle aria-hidden="true">
            ✓
          </Badge>
        )}
        <Box mt={4} miw={0}>
          <Text size="xs" fw={600} truncate title={result.camera_description}>
            {result.camera_description}
          </Text>
          <Text size="xs" c="dimmed">
            <time dateTime={result.captured_at}>{at}</time>
          </Text>
          <Text size="xs">Similarity {similarity}</Text>
          {note && (
            <Text size="xs" c="orange.8">
              {note}
            </Text>
          )}
        </Box>
      </Paper>
    </UnstyledButton>
  );
}

/**
 * What a search found (best first): 'No results.', or the faces to select, 'Select all' / 'Select none' and
 * 'Confirm N'; a note when only the newest faces of the range were compared.
 */
export function MatchFinderResults({ finder, personId, personName }: { finder: MatchFinderState; personId: string; personName: string }) {
  const { found, selected, chosenCount } = finder;
  if (!found) return null;
  const { results } = found;
  return (
    <Stack gap="sm">
      <Text size="xs" c="dimmed">
        {comparedNote(found.scanned)}
      </Text>
      {finder.confirmedCount !== null && (
        <Text role="status" size="sm" c="green.8">
          {`Confirmed ${finder.confirmedCount} ${finder.confirmedCount === 1 ? 'face' : 'faces'} as ${personName}.`}
        </Text>
      )}
      {finder.confirmError && (
        <Alert color="red" variant="light" role="alert" p="xs">
          The faces could not be confirmed: {finder.confirmError}
        </Alert>
      )}
      {results.length === 0 ? (
        found.found === 0 ? (
          <Stack gap={2}>
            <Text>No results.</Text>
            <Text size="sm" c="dimmed">
              Try other dates or another camera.
            </Text>
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            Every face found is confirmed. Search again for more.
          </Text>
        )
      ) : (
        <>
          <Group gap="xs" justify="space-between">
            <Text size="sm" c="dimmed">
              {`${results.length} ${results.length === 1 ? 'face' : 'faces'}, most alike first. Select the ones that are ${personName}.`}
            </Text>
            <Group gap="xs">
              <Button variant="subtle" size="compact-sm" onClick={finder.selectAll}>
                Select all
              </Button>
              <Button variant="subtle" size="compact-sm" onClick={finder.selectNone} disabled={chosenCount === 0}>
                Select none
              </Button>
              <Button size="compact-sm" onClick={finder.confirmSelected} disabled={chosenCount === 0} loading={finder.confirming}>
                {`Confirm ${chosenCount}`}
              </Button>
            </Group>
          </Group>
          <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="xs" role="group" aria-label="Faces found">
            {results.map((result) => (
              <FoundFace
                key={result.runtime_face_uuid}
                result={result}
                personId={personId}
                selected={selected.has(result.runtime_face_uuid)}
                onToggle={() => finder.toggle(result.runtime_face_uuid)}
              />
            ))}
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
