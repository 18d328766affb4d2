import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { FormKitFields, TemplateRulesEditor, useFormKit } from '../../../components/form-kit';
import { HttpError } from '../../../lib/http';
import { useUploadCameras } from '../api/upload-cameras';
import { CAMERA_PROFILES, PROFILE_FIELDS, PROFILE_RULES, uploadRecords, type CameraProfile } from '../lib/camera-profiles';

type Feedback = { kind: 'success'; text: string } | { kind: 'error'; text: string; detail?: string | undefined } | null;

/** The fields, advanced rules and upload of one manufacturer profile; remounted when the profile changes. */
function ProfileForm({
  profile,
  domainId,
  onUploaded,
}: {
  profile: CameraProfile;
  domainId: string;
  onUploaded?: (count: number) => void;
}) {
  const form = useFormKit(PROFILE_FIELDS[profile], PROFILE_RULES[profile]);
  const [advanced, setAdvanced] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const upload = useUploadCameras();
  const built = form.valid ? uploadRecords(profile, form.entries, domainId) : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    if (!built) return;
    if (!built.ok) return setFeedback({ kind: 'error', text: built.error });
    setFeedback(null);
    upload.mutate(built.records, {
      onSuccess: (reply) => {
        setFeedback({ kind: 'success', text: `Successfully added ${reply.cameras.length} cameras.` });
        onUploaded?.(reply.cameras.length);
      },
      // What the user typed stays, so they can correct it and upload again.
      onError: (error) =>
        setFeedback({
          kind: 'error',
          text: `Error code ${error instanceof HttpError ? error.status : 0}.`,
          detail: error instanceof Error ? error.message : undefined,
        }),
    });
  }

  const count = built?.ok ? built.records.length : 0;
  return (
    <form onSubmit={submit} noValidate aria-label={`${profile} camera`}>
      <Stack gap="md">
        <FormKitFields form={form} showErrors={attempted} />
        <div>
          <Anchor component="button" type="button" size="sm" onClick={() => setAdvanced((open) => !open)} aria-expanded={advanced}>
            {advanced ? 'Hide advanced' : 'Advanced'}
          </Anchor>
          {advanced && (
            <Paper withBorder p="sm" mt="xs" radius="md">
              <TemplateRulesEditor rules={form.rules} fields={form.fields} onChange={form.setRules} />
            </Paper>
          )}
        </div>
        {built && !built.ok && (
          <Text size="sm" c="red">
            {built.error}
          </Text>
        )}
        {feedback && (
          <Alert
            color={feedback.kind === 'success' ? 'teal' : 'red'}
            variant="light"
            role={feedback.kind === 'success' ? 'status' : 'alert'}
          >
            {feedback.text}
            {feedback.kind === 'error' && feedback.detail && (
              <Text size="sm" mt={4}>
                {feedback.detail}
              </Text>
            )}
          </Alert>
        )}
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {form.valid ? `${count} ${count === 1 ? 'camera' : 'cameras'} will be added.` : 'Fill in the required fields.'}
          </Text>
          <Button type="submit" loading={upload.isPending} disabled={!form.valid || (built !== null && !built.ok)}>
            Upload
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Add Camera (spec part 1 §2, §3): a manufacturer profile, its fields, optional template rules, and
 * the upload to `domainId`. Used by the /camera/add page; it can be embedded elsewhere as it is.
 */
export function AddCameraPanel({
  domainId,
  title = 'Add Camera',
  onUploaded,
}: {
  domainId: string;
  title?: string;
  onUploaded?: (count: number) => void;
}) {
  const [profile, setProfile] = useState<CameraProfile>('Hikvision');
  return (
    <Stack gap="md">
      <Title order={2} fz="h3">
        {title}
      </Title>
      <Stack gap={4}>
        <Text size="sm" fw={500} id="manufacturer-label">
          Manufacturer
        </Text>
        <SegmentedControl
          aria-labelledby="manufacturer-label"
          data={[...CAMERA_PROFILES]}
          value={profile}
          onChange={(value) => setProfile(value as CameraProfile)}
          fullWidth
        />
      </Stack>
      <ProfileForm key={`${profile}:${domainId}`} profile={profile} domainId={domainId} {...(onUploaded ? { onUploaded } : {})} />
    </Stack>
  );
}
