import { useState } from 'react';
import { Button, Container, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { STORAGE_TEXTS } from '@vigil/contract';
import { logout } from '../../../lib/logout';
import { startTimeout } from '../../../lib/timers';
import { buildLocalDataExport, readStorageEntries } from '../lib/local-data-export';

function downloadLocalData() {
  const { fileName, json } = buildLocalDataExport(readStorageEntries(window.localStorage), new Date());
  const url = URL.createObjectURL(new Blob([json], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  startTimeout(() => URL.revokeObjectURL(url), 1_000);
}

async function resetAndReload() {
  await logout({ navigate: false });
  try {
    window.localStorage.clear();
    window.sessionStorage.clear();
  } catch {
    // Storage blocked: nothing to clear.
  }
  window.location.replace('/');
}

/** /staff/storage: the diagnostic export and a clean restart (spec part 2 §2). */
export default function StoragePage({ title }: { title: string }) {
  const [confirming, setConfirming] = useState(false);
  const [resetting, setResetting] = useState(false);
  return (
    <Container size="md" py="md">
      <Stack gap="lg">
        <Title order={1}>{title}</Title>
        <Paper withBorder p="lg" radius="md">
          <Stack gap="sm" align="flex-start">
            <Text>
              Download what this browser keeps for Vigil (settings, cached permissions, filters) to send to support. The session token is
              left out.
            </Text>
            <Button onClick={downloadLocalData}>{STORAGE_TEXTS.exportButton}</Button>
          </Stack>
        </Paper>
        <Paper withBorder p="lg" radius="md">
          <Stack gap="sm" align="flex-start">
            <Text>Forget everything this browser keeps for Vigil, log out and start the application again.</Text>
            <Button color="red" variant="light" onClick={() => setConfirming(true)}>
              {STORAGE_TEXTS.logoutButton}
            </Button>
          </Stack>
        </Paper>
      </Stack>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={STORAGE_TEXTS.logoutButton} centered>
        <Text>{STORAGE_TEXTS.confirm}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setConfirming(false)} disabled={resetting}>
            Cancel
          </Button>
          <Button
            color="red"
            loading={resetting}
            onClick={() => {
              setResetting(true);
              void resetAndReload();
            }}
          >
            Confirm
          </Button>
        </Group>
      </Modal>
    </Container>
  );
}
