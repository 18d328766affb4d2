import { useMemo, useState, type FormEvent } from 'react';
import { Alert, Button, Divider, Group, Loader, Modal, Radio, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { COMPLEXIONS, EMPLOYEE_ROLES, FACE_ROLES, GENDERS, PHOTO_ORIENTATIONS, type ConsentRecord, type Face } from '@vigil/contract';
import { twilightChoiceLabels } from '../../../components/time-rule/time-rule-form';
import { DaysSelect, TimeRangeInputs } from '../../../components/time-rule/time-rule-inputs';
import { errorMessage } from '../../../lib/http';
import { useSaveFace } from '../api/change-face';
import { useFaceConsents } from '../api/get-face-consents';
import { FACE_FORM_LABELS as L, emptyFaceForm, faceFormFrom, validateFaceForm, type FaceForm, type RiskHoursForm } from '../lib/face-form';
import { COMPLEXION_LABELS, EMPLOYEE_ROLE_LABELS, GENDER_LABELS, ROLE_LABELS, optionsOf } from '../lib/face-labels';
import { ConsentFieldset } from './consent-fieldset';
import { PhotoInput } from './photo-input';

const ROLE_OPTIONS = optionsOf(FACE_ROLES, ROLE_LABELS);
const GENDER_OPTIONS = optionsOf(GENDERS, GENDER_LABELS);
const COMPLEXION_OPTIONS = optionsOf(COMPLEXIONS, COMPLEXION_LABELS);
const EMPLOYEE_ROLE_OPTIONS = optionsOf(EMPLOYEE_ROLES, EMPLOYEE_ROLE_LABELS);
const RISK_MODES = [
  { value: 'Always', label: 'Always' },
  { value: 'Between', label: 'Between' },
] as const;
// The registry does not load the building's dawn and dusk of today (the alert settings page does): plain choices.
const TWILIGHT_LABELS = twilightChoiceLabels(undefined);

/** Edit gets the person as stored, and as shown (the same, or with made-up names under the dummy face names flag). */
export type FaceFormTarget = { kind: 'add'; domainId: string } | { kind: 'edit'; face: Face; shown: Face };

type FaceFormProps = { target: FaceFormTarget; onClose: () => void; onSaved: (id: string) => void };

/**
 * The Add/Edit Face modal (part 2 §2, §5): Save shows only when the form is valid; a refusal from the server shows
 * here and keeps what was typed. `onSaved` gets the person's id. Edit opens with the person's newest consent answer.
 */
export function FaceFormModal(props: FaceFormProps) {
  const { target } = props;
  const consents = useFaceConsents(target.kind === 'edit' ? target.face.frontend_face_uuid : null);
  if (target.kind === 'edit' && consents.isPending)
    return (
      <Modal opened onClose={props.onClose} title={`Edit ${target.shown.person_name}`} size="lg" centered>
        <Group justify="center" p="lg">
          <Loader size="sm" aria-label="Loading" />
        </Group>
      </Modal>
    );
  // Without their answers (a failed load), the form starts from what the list says of the current one.
  return <FaceFormDialog {...props} consent={consents.data?.[0] ?? null} />;
}

function FaceFormDialog({ target, onClose, onSaved, consent }: FaceFormProps & { consent: ConsentRecord | null }) {
  const original = target.kind === 'edit' ? target.face : null;
  const shown = target.kind === 'edit' && target.shown !== target.face ? target.shown : undefined;
  const [initial] = useState<FaceForm>(() => (original ? faceFormFrom(original, shown, consent) : emptyFaceForm()));
  const [form, setForm] = useState<FaceForm>(initial);
  const save = useSaveFace();
  const result = useMemo(() => validateFaceForm(form, original, shown, initial.consent), [form, original, shown, initial]);
  const errors = result.ok ? {} : result.errors;
  const set = <K extends keyof FaceForm>(key: K, value: FaceForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  const setRisk = (change: Partial<RiskHoursForm>) => setForm((f) => ({ ...f, risk_hours: { ...f.risk_hours, ...change } }));
  const text = (key: 'first_name' | 'last_name' | 'room_number' | 'bed' | 'email' | 'unit' | 'wing' | 'card') => ({
    label: L[key],
    value: form[key],
    error: errors[key],
    onChange: (e: { currentTarget: HTMLInputElement }) => set(key, e.currentTarget.value),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!result.ok || save.isPending) return;
    const args =
      target.kind === 'add'
        ? { kind: 'add' as const, domainId: target.domainId, faceInfo: result.faceInfo, consent: result.consent }
        : { kind: 'edit' as const, faceId: target.face.frontend_face_uuid, faceInfo: result.faceInfo, consent: result.consent };
    save.mutate(args, { onSuccess: (reply) => onSaved(reply.frontend_face_uuid) });
  }

  const title = target.kind === 'add' ? 'Add Person' : `Edit ${target.shown.person_name}`;
  return (
    <Modal opened onClose={onClose} title={title} size="lg" centered>
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput required autoComplete="off" {...text('first_name')} />
            <TextInput required autoComplete="off" {...text('last_name')} />
            <Select
              label={L.role}
              required
              data={ROLE_OPTIONS}
              value={form.role}
              onChange={(value) => set('role', value as FaceForm['role'])}
            />
            <Select
              label={L.gender}
              required
              data={GENDER_OPTIONS}
              value={form.gender}
              onChange={(value) => set('gender', value as FaceForm['gender'])}
            />
            <Select
              label={L.complexion}
              required
              data={COMPLEXION_OPTIONS}
              value={form.complexion}
              onChange={(value) => set('complexion', value as FaceForm['complexion'])}
            />
          </SimpleGrid>

          {form.role === 'resident' && (
            <>
              <Divider label="Resident" labelPosition="left" />
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                <TextInput {...text('room_number')} />
                <TextInput {...text('bed')} />
              </SimpleGrid>
              <Radio.Group
                label={L.elopement_risk}
                required
                value={form.elopement_risk ?? ''}
                onChange={(value) => set('elopement_risk', value === 'yes' ? 'yes' : 'no')}
              >
                <Group gap="lg" mt={4}>
                  <Radio value="yes" label="Yes" />
                  <Radio value="no" label="No" />
                </Group>
              </Radio.Group>
              {form.elopement_risk === 'yes' && (
                <TimeRangeInputs
                  label="Elopement risk hours"
                  description="The building's local time; Dawn and Dusk are its civil twilight that day."
                  mode={form.risk_hours.mode}
                  modes={RISK_MODES}
                  start={form.risk_hours.start}
                  end={form.risk_hours.end}
                  labels={TWILIGHT_LABELS}
                  errors={{ start: errors.risk_start, end: errors.risk_end }}
                  onModeChange={(mode) => setRisk({ mode })}
                  onStartChange={(start) => setRisk({ start })}
                  onEndChange={(end) => setRisk({ end })}
                >
                  <DaysSelect value={form.risk_hours.days} error={errors.risk_days} onChange={(days) => setRisk({ days })} />
                </TimeRangeInputs>
              )}
            </>
          )}

          {form.role === 'employee' && (
            <>
              <Divider label="Employee" labelPosition="left" />
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                <TextInput type="email" autoComplete="off" {...text('email')} />
                <Select
                  label={L.employee_role}
                  data={EMPLOYEE_ROLE_OPTIONS}
                  value={form.employee_role}
                  clearable
                  onChange={(value) => set('employee_role', value as FaceForm['employee_role'])}
                />
              </SimpleGrid>
            </>
          )}

          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
            <TextInput {...text('unit')} />
            <TextInput {...text('wing')} />
            <TextInput {...text('card')} />
          </SimpleGrid>

          <Divider label="Photos" labelPosition="left" />
          <Group align="flex-start" gap="md">
            {PHOTO_ORIENTATIONS.map((orientation) => (
              <PhotoInput
                key={orientation}
                orientation={orientation}
                slot={form.photos[orientation]}
                onChange={(slot) => set('photos', { ...form.photos, [orientation]: slot })}
              />
            ))}
          </Group>
          {(errors.photos || errors.form) && (
            <Text size="sm" c="red">
              {errors.photos ?? errors.form}
            </Text>
          )}

          <Divider label="Consent" labelPosition="left" />
          <ConsentFieldset value={form.consent} error={errors.consent} onChange={(value) => set('consent', value)} />

          {save.isError && (
            <Alert color="red" role="alert" variant="light" title="Not saved">
              {errorMessage(save.error)}
            </Alert>
          )}
          <Group justify="space-between" wrap="nowrap" align="center">
            <Text size="sm" c="dimmed">
              {!result.ok && result.missing.length > 0 ? `Still needed: ${result.missing.join(', ')}.` : ''}
            </Text>
            <Group gap="sm" wrap="nowrap">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              {result.ok && (
                <Button type="submit" loading={save.isPending}>
                  Save
                </Button>
              )}
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
