import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { AUDIT_ACTION_TEXT, type AuditEntry } from '@vigil/contract';
import { auditCameraText, auditPersonText, formatAuditTime } from '../lib/format-audit';
import { AuditDetails } from './audit-entry-parts';

function Field({ label, value }: { label: string; value: string | null }) {
  if (value === null) return null;
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      <Text span size="sm" c="dimmed">
        {label}:
      </Text>{' '}
      {value}
    </Text>
  );
}

/** The entries on a phone: a card each, with the table's columns as labelled lines (empty ones left out). */
export function AuditCards({ entries }: { entries: readonly AuditEntry[] }) {
  return (
    <Stack component="ul" gap="xs" p={0} m={0} aria-label="Audit entries" style={{ listStyle: 'none' }}>
      {entries.map((entry) => {
        const action = AUDIT_ACTION_TEXT[entry.action];
        return (
          <Paper key={entry.seq} component="li" withBorder radius="md" p="sm" aria-label={action}>
            <Stack gap={4}>
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Badge variant="light" tt="none" style={{ overflow: 'visible' }}>
                  {action}
                </Badge>
                <Text size="xs" c="dimmed" component="time" dateTime={entry.at}>
                  {formatAuditTime(entry.at)}
                </Text>
              </Group>
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {auditPersonText(entry)}
              </Text>
              <Field label="Camera" value={auditCameraText(entry)} />
              <Field label="Subject" value={entry.subject} />
              <Field label="Address" value={entry.address} />
              {Object.keys(entry.detail).length > 0 && <AuditDetails detail={entry.detail} />}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
