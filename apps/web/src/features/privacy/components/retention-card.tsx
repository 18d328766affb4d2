import { Badge, Button, Group, NumberInput, Paper, Stack, Text } from '@mantine/core';
import { RETENTION, RETENTION_CATEGORY_TEXT, retentionEnvName, type RetentionEntry } from '@vigil/contract';
import { formatMoment } from '../../../lib/format-moment';
import { formatDays, formatHeld } from '../lib/format-held';
import type { PeriodDraft } from '../lib/period-changes';

const SOURCE_TEXT: Record<RetentionEntry['source'], string> = {
  building: 'Set for this building',
  env: 'Installation setting',
  default: 'Default',
  floor: 'Minimum on this installation',
};

/** One category: what it holds, how long it is kept (editable by account administrators), and where the period comes from. */
export function RetentionCard({
  entry,
  draft,
  canEdit,
  onChange,
}: {
  entry: RetentionEntry;
  draft: PeriodDraft | undefined;
  canEdit: boolean;
  onChange: (draft: PeriodDraft | undefined) => void;
}) {
  const text = RETENTION_CATEGORY_TEXT[entry.category];
  const installation = entry.scope === 'installation';
  const id = `retention-${entry.category}`;
  const reverting = draft === 'default';
  return (
    <Paper withBorder p="md" radius="md" component="li" aria-labelledby={`${id}-title`} style={{ listStyle: 'none' }}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Text fw={600} id={`${id}-title`}>
            {text.label}
          </Text>
          <Badge variant="light" color={entry.source === 'building' ? 'blue' : 'gray'} tt="none" style={{ flexShrink: 0 }}>
            {reverting ? 'Back to default on save' : SOURCE_TEXT[entry.source]}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {text.holds}
        </Text>
        {canEdit && !installation ? (
          <Group align="flex-end" gap="xs" wrap="nowrap">
            <NumberInput
              label="Kept for"
              aria-label={`${text.label}: kept for (days)`}
              min={entry.min_days}
              max={RETENTION.maxDays}
              description={entry.min_days > RETENTION.minDays ? `At least ${formatDays(entry.min_days)} on this installation.` : undefined}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              rightSection={<Text size="xs">days</Text>}
              rightSectionWidth={44}
              w={160}
              value={reverting || draft === undefined ? entry.days : draft}
              onChange={(value) => onChange(value === entry.days ? undefined : typeof value === 'number' ? value : '')}
            />
            {entry.source === 'building' && !reverting && (
              <Button variant="subtle" size="xs" onClick={() => onChange('default')}>
                Use default ({formatDays(entry.default_days)})
              </Button>
            )}
            {draft !== undefined && (
              <Button variant="subtle" size="xs" color="gray" onClick={() => onChange(undefined)}>
                Undo
              </Button>
            )}
          </Group>
        ) : (
          <Text size="sm">
            Kept for <strong>{formatDays(entry.days)}</strong>
            {installation && ` (whole installation: ${retentionEnvName(entry.category)})`}
            {!installation && entry.min_days > RETENTION.minDays && ` (at least ${formatDays(entry.min_days)} on this installation)`}
          </Text>
        )}
        <Group gap="lg">
          <Text size="sm">Held: {formatHeld(entry.held)}</Text>
          {entry.held.oldest && <Text size="sm">Oldest: {formatMoment(Date.parse(entry.held.oldest))}</Text>}
        </Group>
      </Stack>
    </Paper>
  );
}
