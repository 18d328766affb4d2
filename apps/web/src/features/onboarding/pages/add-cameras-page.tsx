import { useState } from 'react';
import { Alert, Anchor, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import {
  ONBOARDING_MESSAGES,
  buildOnboardingPayload,
  buildingIssues,
  cameraRowIssues,
  newCameraRow,
  type CameraRowDraft,
  type DomainNewReply,
} from '@vigil/contract';
import { useConfig } from '../../../lib/api/get-config';
import { useEntitlements } from '../../../lib/api/get-entitlements';
import { setCurrentCameraId, setCurrentDomainId } from '../../../lib/current-domain';
import { errorMessage } from '../../../lib/http';
import { useCreateDomain } from '../api/create-domain';
import { CameraRowCard } from '../components/camera-row-card';
import { SuccessModal } from '../components/success-modal';
import { resetOnboarding, setRows, useOnboardingDraft } from '../lib/onboarding-draft';
import { mayMarkExitsWhenOnboarding } from '../lib/onboarding-exits';

/** /staff/onboard/addCameras: the camera step (spec part 1 §2, §5): rows of cameras, Add Camera, Delete, Finished. */
export default function AddCamerasPage() {
  const navigate = useNavigate();
  const { building, rows } = useOnboardingDraft();
  const config = useConfig();
  const create = useCreateDomain();
  const canMarkExits = mayMarkExitsWhenOnboarding(useEntitlements().data);
  const [attempted, setAttempted] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [created, setCreated] = useState<DomainNewReply | null>(null);

  if (buildingIssues(building).length > 0 && !created)
    return (
      <Container size="sm" py="md">
        <Alert color="yellow" variant="light" title="The building comes first">
          <Text size="sm">
            Set up the building (name, address, location and time zone) before its cameras.{' '}
            <Anchor component={Link} to="/staff/onboard">
              Back to Building Domain Setup
            </Anchor>
          </Text>
        </Alert>
      </Container>
    );

  const update = (index: number, row: CameraRowDraft) => setRows(rows.map((r, i) => (i === index ? row : r)));
  const remove = (index: number) => setRows(rows.filter((_, i) => i !== index));
  const add = () => setRows([...rows, newCameraRow(crypto.randomUUID(), rows.at(-1))]);
  const blocked = rows.some((r) => cameraRowIssues(r).errors.length > 0);

  const finish = () => {
    setAttempted(true);
    setFailure(null);
    if (blocked || !config.data) return;
    const payload = buildOnboardingPayload(building, rows, config.data.onboarding.snapshotHosts);
    create.mutate(payload, {
      onSuccess: (reply) => setCreated(reply),
      onError: (error) => setFailure(errorMessage(error)),
    });
  };

  const watch = () => {
    if (!created) return;
    const first = created.cameras[0]?.uuid;
    setCurrentDomainId(created.domain.uuid);
    if (first) setCurrentCameraId(first);
    resetOnboarding();
    void navigate(first ? `/view/${first}/live` : '/dashboard');
  };
  const another = () => {
    resetOnboarding();
    setCreated(null);
    void navigate('/staff/onboard');
  };

  return (
    <Container size="lg" py="md">
      <Stack gap="md">
        <div>
          <Title order={1}>Configure Cameras</Title>
          <Text c="dimmed" size="sm">
            Step 2 of 2: the cameras of {building.description} ({building.fname}), {building.timezone}.{' '}
            <Anchor component={Link} to="/staff/onboard" size="sm">
              Back to the building
            </Anchor>
          </Text>
        </div>
        {rows.map((row, index) => (
          <CameraRowCard
            key={row.id}
            row={row}
            index={index}
            previous={rows[index - 1]}
            showErrors={attempted}
            canDelete={rows.length > 1}
            canMarkExits={canMarkExits}
            onChange={(next) => update(index, next)}
            onDelete={() => remove(index)}
          />
        ))}
        {attempted && blocked && (
          <Alert color="red" variant="light" role="alert">
            Some cameras need attention: see the messages under them.
          </Alert>
        )}
        {failure && (
          <Alert color="red" variant="light" role="alert" title={ONBOARDING_MESSAGES.submitFailed}>
            {failure}
          </Alert>
        )}
        <Group justify="space-between">
          <Button variant="default" onClick={add}>
            Add Camera
          </Button>
          <Button onClick={finish} loading={create.isPending} disabled={!config.data}>
            Finished
          </Button>
        </Group>
      </Stack>
      <SuccessModal created={created} onWatch={watch} onAnother={another} />
    </Container>
  );
}
