import type { ReactNode } from 'react';
import { Button, Code, Group, Paper, Stack, Text } from '@mantine/core';
import type { Detector } from '@vigil/contract';
import { formatKeyTime, keyMakerText, lastUsedText } from '../lib/key-view';
import { DeploymentMark, KeyPurposes, KeyStatus } from './key-parts';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      <Text span size="sm" c="dimmed">
        {label}:
      </Text>{' '}
      {children}
    </Text>
  );
}

/** The keys on a phone: a card each, with the table's columns as labelled lines. */
export function KeyCards({ keys, onRevoke }: { keys: readonly Detector[]; onRevoke: (key: Detector) => void }) {
  return (
    <Stack component="ul" gap="xs" p={0} m={0} aria-label="Machine keys" style={{ listStyle: 'none' }}>
      {keys.map((key) => (
        <Paper key={key.id} component="li" withBorder radius="md" p="sm" aria-label={key.name}>
          <Stack gap={6}>
            <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
              <div style={{ minWidth: 0 }}>
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {key.name}
                </Text>
                <DeploymentMark detector={key} />
              </div>
              <div style={{ flexShrink: 0, textAlign: 'right' }}>
                <KeyStatus detector={key} />
              </div>
            </Group>
            <KeyPurposes detector={key} />
            <Field label="Key starts">
              <Code>{key.key_prefix}…</Code>
            </Field>
            <Field label="Made">{formatKeyTime(key.created_at)}</Field>
            <Field label="Made by">{keyMakerText(key)}</Field>
            <Field label="Last used">{lastUsedText(key)}</Field>
            {key.revoked_at === null && (
              <Group justify="flex-end">
                <Button size="xs" variant="light" color="red" onClick={() => onRevoke(key)} aria-label={`Revoke ${key.name}`}>
                  Revoke
                </Button>
              </Group>
            )}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
