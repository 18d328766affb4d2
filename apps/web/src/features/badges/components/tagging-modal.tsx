import { useState } from 'react';
import { Alert, Button, Group, Modal, SegmentedControl, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { titleCase, type AccessEvent, type BadgeDetection, type BadgeIdentity } from '@vigil/contract';
import { errorMessage } from '../../../lib/http';
import { useSaveConfirmedTags } from '../api/save-confirmed-tags';
import { BADGE_MESSAGES, tenantsOf } from '../lib/badge-texts';
import { detectionDisplay } from '../lib/detection-display';
import { initialSelections, ownerOf, tagsToSave, toggleDetection } from '../lib/tag-selection';
import { DetectionTile } from './detection-tile';

/** The tap being tagged, with the faces its card shows (More Detections' included). */
export interface TaggingTarget {
  event: AccessEvent;
  detections: readonly BadgeDetection[];
}

/**
 * 'Click to Select Matching Faces' (part 2 §2, §4): choose the tenant, click faces to assign or unassign them, Save.
 * Save confirms the selected faces and rejects (WRONG_PERSON) earlier confirmations now deselected; a failed save is
 * logged and the modal stays open (part 2 §8).
 */
export function TaggingModal({
  domainId,
  identity,
  target,
  onClose,
}: {
  domainId: string;
  identity: BadgeIdentity;
  target: TaggingTarget;
  onClose: () => void;
}) {
  const { event, detections } = target;
  const tenants = tenantsOf(identity);
  const tenantIds = tenants.map((t) => t.identityId);
  const nameOf = (id: string) => titleCase(tenants.find((t) => t.identityId === id)?.name ?? id);
  const [active, setActive] = useState(identity.identityId);
  const [selections, setSelections] = useState(() => initialSelections(tenantIds, event.confirmedDetections));
  const save = useSaveConfirmedTags();
  const mine = selections[active] ?? [];

  function onSave() {
    const tags = tagsToSave(event.uuid, tenantIds, active, selections, event.confirmedDetections);
    save.mutate(
      { domainId, tags },
      {
        onSuccess: onClose,
        onError: (error) => console.error('Saving the verified matches failed:', error),
      },
    );
  }

  return (
    <Modal opened onClose={onClose} title={BADGE_MESSAGES.taggingTitle} size="lg">
      <Stack gap="sm">
        {tenants.length > 1 && (
          <SegmentedControl
            aria-label="Tenant"
            fullWidth
            data={tenants.map((t) => ({ value: t.identityId, label: titleCase(t.name) }))}
            value={active}
            onChange={setActive}
          />
        )}
        <Text size="sm">
          {mine.length === 0 ? 'No faces' : `${mine.length} ${mine.length === 1 ? 'face' : 'faces'}`} selected as {nameOf(active)}.
        </Text>
        {detections.length === 0 ? (
          <Text size="sm" c="dimmed">
            No faces were seen at the door for this tap. More Detections looks a minute either side of it.
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 3, xs: 4, sm: 5 }} spacing="xs" role="group" aria-label="Faces">
            {detections.map((detection, index) => {
              const owner = ownerOf(selections, detection.detectionId);
              const selected = owner === active;
              return (
                <UnstyledButton
                  key={detection.detectionId}
                  aria-pressed={selected}
                  aria-label={`Face ${index + 1}: ${detectionDisplay(detection).label ?? 'No match'}`}
                  onClick={() => setSelections((current) => toggleDetection(current, active, detection.detectionId))}
                >
                  <DetectionTile
                    detection={detection}
                    frame={selected ? 'blue' : owner ? 'gray' : undefined}
                    note={
                      selected ? (
                        <Text size="xs" c="blue.8" fw={600}>
                          Selected
                        </Text>
                      ) : owner ? (
                        <Text size="xs" c="dimmed" truncate>
                          {nameOf(owner)}
                        </Text>
                      ) : null
                    }
                  />
                </UnstyledButton>
              );
            })}
          </SimpleGrid>
        )}
        {save.isError && (
          <Alert color="red" role="alert">
            The matches were not saved: {errorMessage(save.error)}
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={onSave} loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
