import type { ReactNode } from 'react';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { BADGE_MESSAGES } from '../lib/badge-texts';

/** The detail pane with no badge chosen (part 2 §2), or with an id this building's list does not hold. */
export function BadgeDetailEmpty({ unknownId, back }: { unknownId: boolean; back?: ReactNode }) {
  return (
    <Paper component="section" aria-label="Badge details" withBorder radius="md" p="xl" h="100%">
      <Stack gap="sm">
        {back}
        {unknownId && (
          <>
            <Title order={2} fz="h3">
              This badge is not in the list
            </Title>
            <Text>It may belong to another building, or its taps may have been deleted.</Text>
          </>
        )}
        <Text>{BADGE_MESSAGES.noProfile}</Text>
      </Stack>
    </Paper>
  );
}
