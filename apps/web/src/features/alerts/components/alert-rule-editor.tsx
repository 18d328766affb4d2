import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, MultiSelect, NativeSelect, Paper, SimpleGrid, Stack, Switch, TextInput, Title } from '@mantine/core';
import { ALERT_CATEGORIES, ALERT_SECONDS_OPTIONS, type AlertRuleFields, type AlertSettingsReply, type Camera } from '@vigil/contract';
import { DaysSelect, TimeRangeInputs } from '../../../components/time-rule/time-rule-inputs';
import { twilightChoiceLabels } from '../../../components/time-rule/time-rule-form';
import { errorMessage } from '../../../lib/http';
import { formToRule, type AlertRuleForm, type AlertRuleFormErrors } from '../lib/alert-rule-form';

const SECONDS_DATA = ALERT_SECONDS_OPTIONS.map((n) => ({ value: String(n), label: `${n} seconds` }));
const TIME_MODES = [
  { value: 'All Day', label: 'All Day' },
  { value: 'Between', label: 'Between' },
] as const;

/**
 * Add or edit one alert rule. The form is checked with the contract's schema before anything is sent;
 * a refusal from the server shows above the buttons and leaves the form as the user left it.
 */
export function AlertRuleEditor({
  initial,
  editing,
  cameras,
  today,
  saving,
  serverError,
  onSave,
  onCancel,
}: {
  initial: AlertRuleForm;
  /** the name of the rule being edited, null when adding one */
  editing: string | null;
  cameras: readonly Camera[];
  today: AlertSettingsReply['today'] | undefined;
  saving: boolean;
  serverError: unknown;
  onSave: (rule: AlertRuleFields) => void;
  onCancel: () => void;
}) {
  const [form, setForm] = useState<AlertRuleForm>(initial);
  const [errors, setErrors] = useState<AlertRuleFormErrors>({});
  const labels = twilightChoiceLabels(today);
  const set = <K extends keyof AlertRuleForm>(key: K, value: AlertRuleForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    // A field's complaint goes once the user changes that field; the time mode speaks for both bounds.
    const cleared: readonly string[] = key === 'timeMode' ? ['start', 'end'] : [key];
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([field]) => !cleared.includes(field))));
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = formToRule(form);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    onSave(result.rule);
  }

  return (
    <Paper withBorder radius="md" p="md" component="form" onSubmit={submit} noValidate aria-labelledby="alert-rule-editor-title">
      <Stack gap="sm">
        <Title order={2} fz="h4" id="alert-rule-editor-title">
          {editing ? `Edit rule: ${editing}` : 'Add a rule'}
        </Title>
        <TextInput label="Name" value={form.name} onChange={(e) => set('name', e.currentTarget.value)} error={errors.name} maxLength={80} />
        <MultiSelect
          label="Categories"
          placeholder={form.categories.length === 0 ? 'Choose what raises an alert' : undefined}
          data={[...ALERT_CATEGORIES]}
          value={form.categories}
          onChange={(v) => set('categories', v)}
          error={errors.categories}
          clearable
        />
        <MultiSelect
          label="Cameras"
          placeholder={form.cameraIds.length === 0 ? 'All cameras' : undefined}
          data={cameras.map((c) => ({ value: c.uuid, label: c.description }))}
          value={form.cameraIds}
          onChange={(v) => set('cameraIds', v)}
          error={errors.cameraIds}
          searchable
          clearable
        />
        <DaysSelect value={form.days} onChange={(v) => set('days', v)} error={errors.days} />
        <TimeRangeInputs
          label="Time range"
          mode={form.timeMode}
          modes={TIME_MODES}
          start={form.start}
          end={form.end}
          labels={labels}
          errors={errors}
          onModeChange={(v) => set('timeMode', v)}
          onStartChange={(v) => set('start', v)}
          onEndChange={(v) => set('end', v)}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <NativeSelect
            label="Idle seconds"
            description="Quiet time before a new alert"
            data={SECONDS_DATA}
            value={form.idleSeconds}
            onChange={(e) => set('idleSeconds', e.currentTarget.value)}
            error={errors.idleSeconds}
          />
          <NativeSelect
            label="Rate limit seconds"
            description="At most one alert per camera in"
            data={SECONDS_DATA}
            value={form.rateLimitSeconds}
            onChange={(e) => set('rateLimitSeconds', e.currentTarget.value)}
            error={errors.rateLimitSeconds}
          />
        </SimpleGrid>
        <Switch label="Enabled" checked={form.enabled} onChange={(e) => set('enabled', e.currentTarget.checked)} />
        {serverError !== null && serverError !== undefined && (
          <Alert color="red" variant="light" role="alert" title="The rule was not saved">
            {errorMessage(serverError)}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          {(editing || form !== initial) && (
            <Button variant="default" onClick={onCancel}>
              {editing ? 'Cancel' : 'Clear'}
            </Button>
          )}
          <Button type="submit" loading={saving}>
            {editing ? 'Save changes' : 'Save rule'}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
