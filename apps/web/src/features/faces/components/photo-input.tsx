import { useRef, useState } from 'react';
import { Box, Button, Center, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { FACES, type PhotoOrientation } from '@vigil/contract';
import { currentApiHost } from '../../../lib/api-host';
import { resolveMediaUrl } from '../../../lib/media-url';
import type { PhotoSlot } from '../lib/face-form';

const ACCEPT = 'image/jpeg,image/png';
const LABELS: Record<PhotoOrientation, string> = { front: 'Front photo', side: 'Side photo' };

function readDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The photo could not be read.'));
    reader.readAsDataURL(file);
  });
}

/** What the slot shows: the stored photo (by its signed address) or the new picture. */
function previewOf(slot: PhotoSlot): string | null {
  if (slot.kind === 'stored') return resolveMediaUrl(slot.image.thumbnail_uri, currentApiHost());
  if (slot.kind === 'new') return slot.data;
  return null;
}

/** One photo of the Add/Edit form: a preview, a button to choose a JPEG or PNG, and one to remove it. */
export function PhotoInput({
  orientation,
  slot,
  onChange,
}: {
  orientation: PhotoOrientation;
  slot: PhotoSlot;
  onChange: (slot: PhotoSlot) => void;
}) {
  const [error, setError] = useState<string | null>(null);
  // Cleared after each choice, so choosing the same file again (after Remove) still counts.
  const resetRef = useRef<() => void>(null);
  const label = LABELS[orientation];
  const preview = previewOf(slot);

  async function choose(file: File | null) {
    if (!file) return;
    resetRef.current?.();
    if (file.type !== 'image/jpeg' && file.type !== 'image/png') return setError('Choose a JPEG or PNG photo.');
    if (file.size > FACES.maxPhotoBytes) return setError(`This photo is larger than ${FACES.maxPhotoBytes / 1024 / 1024} MB.`);
    try {
      const data = await readDataUrl(file);
      setError(null);
      onChange({ kind: 'new', data });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  }

  return (
    <Stack gap={6} role="group" aria-label={label} style={{ flex: 1 }}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Box w={120} h={120} bg="gray.1" style={{ borderRadius: 8, overflow: 'hidden' }}>
        {preview ? (
          <Image src={preview} alt={`${label} preview`} w={120} h={120} fit="cover" />
        ) : (
          <Center h="100%">
            <Text size="xs" c="dimmed">
              No photo
            </Text>
          </Center>
        )}
      </Box>
      <Group gap={6}>
        <FileButton onChange={(file) => void choose(file)} accept={ACCEPT} resetRef={resetRef}>
          {(props) => (
            <Button {...props} size="compact-sm" variant="light">
              {slot.kind === 'none' ? `Add ${label.toLowerCase()}` : `Replace ${label.toLowerCase()}`}
            </Button>
          )}
        </FileButton>
        {slot.kind !== 'none' && (
          <Button size="compact-sm" variant="subtle" color="red" onClick={() => onChange({ kind: 'none' })}>
            Remove {label.toLowerCase()}
          </Button>
        )}
      </Group>
      {error && (
        <Text size="xs" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
