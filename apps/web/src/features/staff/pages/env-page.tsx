import type { ReactNode } from 'react';
import { Code, Container, Stack, Table, Text, Title } from '@mantine/core';
import { FLAG_IDS } from '@vigil/contract';
import { BUILD_INFO, describeHost } from '../../../lib/build-info';
import { useFlags } from '../../../lib/flags';

function KeyValueRow({ name, children }: { name: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" w={{ base: 120, sm: 220 }}>
        {name}
      </Table.Th>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{children}</Table.Td>
    </Table.Tr>
  );
}

/** /staff/env: the build settings of this bundle and every flag's applied value and source. */
export default function EnvPage({ title }: { title: string }) {
  const { flags } = useFlags();
  return (
    <Container size="md" py="md">
      <Stack gap="lg">
        <Title order={1}>{title}</Title>
        <Table withTableBorder aria-label="Build settings">
          <Table.Tbody>
            <KeyValueRow name="Version">{BUILD_INFO.version}</KeyValueRow>
            <KeyValueRow name="Git branch">{BUILD_INFO.gitBranch}</KeyValueRow>
            <KeyValueRow name="Git commit">{BUILD_INFO.gitCommit}</KeyValueRow>
            <KeyValueRow name="Build time">{BUILD_INFO.buildTime}</KeyValueRow>
            <KeyValueRow name="API host">{describeHost(BUILD_INFO.apiHost)}</KeyValueRow>
            <KeyValueRow name="Socket host">{describeHost(BUILD_INFO.socketHost)}</KeyValueRow>
          </Table.Tbody>
        </Table>
        <div>
          <Title order={2} fz="h3" mb="xs">
            Feature flags
          </Title>
          <Table withTableBorder aria-label="Feature flags">
            <Table.Tbody>
              {FLAG_IDS.map((id) => (
                <KeyValueRow key={id} name={id}>
                  <Code>{flags[id].value ? 'on' : 'off'}</Code>{' '}
                  <Text span size="sm" c="dimmed">
                    ({flags[id].source})
                  </Text>
                </KeyValueRow>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      </Stack>
    </Container>
  );
}
