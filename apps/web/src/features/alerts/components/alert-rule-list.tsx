import { useState } from 'react';
import { Badge, Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import type { AlertRule, Camera } from '@vigil/contract';
import { describeRule } from '../lib/alert-rule-form';

/** The building's rules, each with Edit and Delete (Delete asks first). */
export function AlertRuleList({
  rules,
  cameras,
  editingId,
  deleting,
  onEdit,
  onDelete,
}: {
  rules: readonly AlertRule[];
  cameras: readonly Camera[];
  editingId: string | null;
  deleting: boolean;
  onEdit: (rule: AlertRule) => void;
  onDelete: (rule: AlertRule, done: () => void) => void;
}) {
  const [doomed, setDoomed] = useState<AlertRule | null>(null);
  return (
    <>
      <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Alert rules">
        {rules.map((rule) => (
          <Paper
            component="li"
            key={rule.id}
            withBorder
            radius="md"
            p="sm"
            aria-label={rule.name}
            style={rule.id === editingId ? { borderColor: 'var(--mantine-color-blue-5)' } : undefined}
          >
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
              <Stack gap={4} style={{ minWidth: 0 }}>
                <Group gap="xs">
                  <Text fw={600}>{rule.name}</Text>
                  <Badge size="sm" variant="light" color={rule.enabled ? 'teal' : 'gray'}>
                    {rule.enabled ? 'Enabled' : 'Off'}
                  </Badge>
                </Group>
                <Text size="sm" c="dimmed">
                  {describeRule(rule, cameras)}
                </Text>
              </Stack>
              <Group gap={6} wrap="nowrap">
                <Button size="xs" variant="default" onClick={() => onEdit(rule)} aria-label={`Edit ${rule.name}`}>
                  Edit
                </Button>
                <Button size="xs" variant="light" color="red" onClick={() => setDoomed(rule)} aria-label={`Delete ${rule.name}`}>
                  Delete
                </Button>
              </Group>
            </Group>
          </Paper>
        ))}
      </Stack>
      <Modal opened={doomed !== null} onClose={() => setDoomed(null)} title="Delete this rule?" centered>
        <Stack gap="md">
          <Text size="sm">
            {doomed?.name}: events it covers will no longer raise alerts.{' '}
            {rules.length === 1 ? 'With no rules left, every event raises an alert again.' : ''}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setDoomed(null)}>
              Keep it
            </Button>
            <Button color="red" loading={deleting} onClick={() => doomed && onDelete(doomed, () => setDoomed(null))}>
              Delete rule
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
