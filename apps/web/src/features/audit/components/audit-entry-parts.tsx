import { Text } from '@mantine/core';
import type { AuditEntry } from '@vigil/contract';
import { auditDetailPairs } from '../lib/format-audit';

/** Stands for an empty cell. */
export function Dash() {
  return (
    <Text span c="dimmed" aria-label="none">
      –
    </Text>
  );
}

/** An entry's detail as "key: value" lines. */
export function AuditDetails({ detail }: { detail: AuditEntry['detail'] }) {
  const pairs = auditDetailPairs(detail);
  if (pairs.length === 0) return <Dash />;
  return pairs.map(({ key, value }) => (
    <Text key={key} size="xs" style={{ overflowWrap: 'anywhere' }}>
      <Text span size="xs" c="dimmed">
        {key}:
      </Text>{' '}
      {value}
    </Text>
  ));
}
