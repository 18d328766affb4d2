import type { ReactNode } from 'react';
import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { CameraAnalysis } from '@vigil/contract';
import { Link } from 'react-router';
import type { AnalysisView } from '../../../lib/analysis-status';
import { viewerPath } from '../../../lib/viewer-path';

export interface AnalysisRow {
  camera: CameraAnalysis;
  view: AnalysisView;
}

const NONE = '—';

function CameraLink({ camera }: { camera: CameraAnalysis }) {
  return (
    <Anchor component={Link} to={viewerPath(camera.camera_uuid, 'live')} size="sm" fw={600}>
      {camera.description}
    </Anchor>
  );
}

function AnalyzerName({ view }: { view: AnalysisView }) {
  if (view.analyzerName) return <>{view.analyzerName}</>;
  // The status says it is not analysed; here a dash, so the row does not say it twice.
  return (
    <Text span inherit c="dimmed" aria-label="No analyzer">
      —
    </Text>
  );
}

function Status({ view }: { view: AnalysisView }) {
  return (
    <>
      {/* never cut short ('Analys…'): the column is as wide as its badge */}
      <Badge color={view.color} variant="light" tt="none" style={{ flexShrink: 0, minWidth: 'max-content' }}>
        {view.label}
      </Badge>
      {view.detail && (
        <Text size="xs" c="dimmed" mt={2} style={{ overflowWrap: 'anywhere' }}>
          {view.detail}
        </Text>
      )}
    </>
  );
}

/** The figures, in column order: rates of the current report, then what the latest report saw, and when. */
const FIGURES: readonly { name: string; value: (view: AnalysisView) => string | null | undefined }[] = [
  { name: 'Rate', value: (view) => view.live?.fps },
  { name: 'Turn', value: (view) => view.live?.turn },
  { name: 'Still', value: (view) => view.live?.still },
  { name: 'Dropped', value: (view) => view.live?.dropped },
  { name: 'Lag', value: (view) => view.live?.lag },
  { name: 'Last face', value: (view) => view.lastFace },
  { name: 'Last object', value: (view) => view.lastObject },
  { name: 'Last report', value: (view) => view.reportedAt },
];

/** Wide screens: one row per camera. */
export function AnalysisTable({ rows }: { rows: AnalysisRow[] }) {
  return (
    <Table.ScrollContainer minWidth={980}>
      <Table striped withTableBorder aria-label="Camera analysis" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Camera</Table.Th>
            <Table.Th>Analyzer</Table.Th>
            <Table.Th>Status</Table.Th>
            {FIGURES.map(({ name }) => (
              <Table.Th key={name} style={{ whiteSpace: 'nowrap' }}>
                {name}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map(({ camera, view }) => (
            <Table.Tr key={camera.camera_uuid} data-testid={`analysis-${camera.camera_uuid}`}>
              <Table.Td>
                <CameraLink camera={camera} />
              </Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }} maw={220}>
                <AnalyzerName view={view} />
              </Table.Td>
              <Table.Td maw={240}>
                <Status view={view} />
              </Table.Td>
              {FIGURES.map(({ name, value }) => (
                <Table.Td key={name} style={{ whiteSpace: 'nowrap' }}>
                  {value(view) ?? NONE}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Figure({ name, children }: { name: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {name}
      </Text>
      <Text size="sm">{children}</Text>
    </div>
  );
}

/** Phone width: the same, one card per camera. */
export function AnalysisCards({ rows }: { rows: AnalysisRow[] }) {
  return (
    <Stack gap="sm" component="section" aria-label="Camera analysis">
      {rows.map(({ camera, view }) => (
        <Card
          key={camera.camera_uuid}
          withBorder
          radius="md"
          padding="sm"
          component="article"
          aria-label={camera.description}
          data-testid={`analysis-${camera.camera_uuid}`}
        >
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <CameraLink camera={camera} />
            <Badge color={view.color} variant="light" tt="none" style={{ flexShrink: 0 }}>
              {view.label}
            </Badge>
          </Group>
          <Text size="sm" mt={4} style={{ overflowWrap: 'anywhere' }}>
            <AnalyzerName view={view} />
          </Text>
          {view.detail && (
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {view.detail}
            </Text>
          )}
          <SimpleGrid cols={3} spacing="xs" verticalSpacing={6} mt="xs">
            {FIGURES.map(({ name, value }) => (
              <Figure key={name} name={name}>
                {value(view) ?? NONE}
              </Figure>
            ))}
          </SimpleGrid>
        </Card>
      ))}
    </Stack>
  );
}
