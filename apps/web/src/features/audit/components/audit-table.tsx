import { Badge, Table } from '@mantine/core';
import { AUDIT_ACTION_TEXT, type AuditEntry } from '@vigil/contract';
import { auditCameraText, auditPersonText, formatAuditTime } from '../lib/format-audit';
import { AuditDetails, Dash } from './audit-entry-parts';

/** The entries, newest first, one row each (wider screens; a phone gets AuditCards). */
export function AuditTable({ entries }: { entries: readonly AuditEntry[] }) {
  return (
    <Table.ScrollContainer minWidth={980}>
      <Table striped withTableBorder verticalSpacing="xs" aria-label="Audit entries">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Time</Table.Th>
            <Table.Th>Person</Table.Th>
            <Table.Th>Action</Table.Th>
            <Table.Th>Camera</Table.Th>
            <Table.Th>Subject</Table.Th>
            <Table.Th>Details</Table.Th>
            <Table.Th>Address</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => {
            const camera = auditCameraText(entry);
            return (
              <Table.Tr key={entry.seq}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <time dateTime={entry.at}>{formatAuditTime(entry.at)}</time>
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{auditPersonText(entry)}</Table.Td>
                <Table.Td>
                  <Badge variant="light" tt="none" style={{ overflow: 'visible', whiteSpace: 'nowrap' }}>
                    {AUDIT_ACTION_TEXT[entry.action]}
                  </Badge>
                </Table.Td>
                <Table.Td>{camera ?? <Dash />}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{entry.subject ?? <Dash />}</Table.Td>
                <Table.Td maw={320}>
                  <AuditDetails detail={entry.detail} />
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{entry.address ?? <Dash />}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
