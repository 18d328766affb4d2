import type { ReactNode } from 'react';
import { Group, Text, Title } from '@mantine/core';

/** A page's title with the building it is about underneath, and an action (a link or button) on the right. */
export function PageHeader({ title, building, action }: { title: string; building: string | undefined; action?: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-end">
      <div>
        {/* A long one-word name must wrap, not widen a phone's page. */}
        <Title order={1} style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Title>
        {building && (
          <Text c="dimmed" size="sm">
            {building}
          </Text>
        )}
      </div>
      {action}
    </Group>
  );
}
