import type { ReactNode } from 'react';
import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

/**
 * The detail pane with nobody chosen (part 2 §2: links to /faces and /detected), or with an id that is not in this
 * building's list.
 */
export function FaceDetailsEmpty({ unknownId, canOpenDetected, back }: { unknownId: boolean; canOpenDetected: boolean; back?: ReactNode }) {
  return (
    <Paper component="section" aria-label="Person details" withBorder radius="md" p="xl" h="100%">
      <Stack gap="sm">
        {back}
        <Title order={2} fz="h3">
          {unknownId ? 'This person is not in the list' : 'No person selected'}
        </Title>
        <Text>
          {unknownId
            ? 'They may have been removed, or belong to another building. Choose someone from the people list.'
            : 'Choose someone from the people list to see where they were last seen and their history.'}
        </Text>
        <Group gap="md">
          <Anchor component={Link} to="/faces">
            All people
          </Anchor>
          {canOpenDetected && (
            <Anchor component={Link} to="/detected">
              Review detected faces
            </Anchor>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
