import { useState } from 'react';
import { Alert, Button, Group, List, Loader, Stack, Text, TextInput } from '@mantine/core';
import { confirmsName, type ErasureReceipt } from '@vigil/contract';
import { errorMessage } from '../../../lib/http';
import { useErasurePreview, useEraseFace } from '../api/erase-face';
import { erasureLines } from '../lib/erasure-lines';

function Receipt({ receipt, name, onDone }: { receipt: ErasureReceipt; name: string; onDone: () => void }) {
  const lines = erasureLines(receipt.counts);
  return (
    <Stack gap="sm">
      <Alert color="green" variant="light" role="status" title={`${name} was erased`}>
        An erasure receipt (what went, by whom, when; no name) is in the audit log.
      </Alert>
      {lines.length > 0 ? (
        <List size="sm" aria-label="What was erased">
          {lines.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
      ) : (
        <Text size="sm">Only their registry entry.</Text>
      )}
      <Group justify="flex-end">
        <Button onClick={onDone}>Done</Button>
      </Group>
    </Stack>
  );
}

/**
 * "Erase this person" (issue 27): what would go, counted by the server, and the person's name typed as shown to
 * confirm; then the receipt. `name` is the name as shown (a made-up one under the dummy face names flag): typing it
 * confirms, and the stored name is what the server is sent.
 */
export function EraseFacePanel({
  faceId,
  name,
  onBack,
  onErased,
}: {
  faceId: string;
  name: string;
  onBack: () => void;
  onErased: () => void;
}) {
  const erase = useEraseFace();
  // Not asked again once the erasure is under way (their queries are dropped when it is done).
  const preview = useErasurePreview(faceId, erase.isIdle || erase.isError);
  const [typed, setTyped] = useState('');
  if (erase.data)
    return (
      <Receipt
        receipt={erase.data.receipt}
        name={name}
        onDone={() => {
          onErased();
          // After the details close: their cached data goes too (asking for it again would only answer 404).
          setTimeout(() => erase.forget(faceId), 0);
        }}
      />
    );
  if (preview.isPending) return <Loader size="sm" aria-label="Counting what would be erased" />;
  if (preview.isError)
    return (
      <Stack gap="sm">
        <Alert color="red" role="alert" variant="light">
          Could not count what would be erased: {errorMessage(preview.error)}
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onBack}>
            Back
          </Button>
        </Group>
      </Stack>
    );
  const stored = preview.data.person_name;
  const matches = confirmsName(typed, name) || confirmsName(typed, stored);
  const lines = erasureLines(preview.data.counts);
  return (
    <Stack gap="sm">
      <Text size="sm">
        Everything Vigil holds of {name} is deleted for good, and cannot be undone. The analyzers stop recognising them within seconds.
      </Text>
      {lines.length > 0 ? (
        <List size="sm" aria-label="What would be erased">
          <List.Item>their registry entry</List.Item>
          {lines.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
      ) : (
        <Text size="sm">Only their registry entry: Vigil holds nothing else of them.</Text>
      )}
      <Text size="sm" c="dimmed">
        An erasure receipt (what went, by whom, when; no name) stays in the audit log.
      </Text>
      <TextInput
        label={`Type “${name}” to confirm`}
        value={typed}
        onChange={(event) => setTyped(event.currentTarget.value)}
        autoComplete="off"
        data-autofocus
      />
      {erase.isError && (
        <Alert color="red" role="alert" variant="light">
          {errorMessage(erase.error)}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onBack} disabled={erase.isPending}>
          Back
        </Button>
        <Button
          color="red"
          disabled={!matches}
          loading={erase.isPending}
          onClick={() => erase.mutate({ faceId, confirm: confirmsName(typed, stored) ? typed : stored })}
        >
          Erase permanently
        </Button>
      </Group>
    </Stack>
  );
}
