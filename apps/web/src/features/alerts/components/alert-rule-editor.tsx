import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, MultiSelect, NativeSelect, Paper, Radio, SimpleGrid, Stack, Switch, TextInput, Title } from '@mantine/core';
import {
  ALERT_CATEGORIES,
  ALERT_DAY_OPTIONS,
  ALERT_SECONDS_OPTIONS,
  TIME_POINT_KINDS,
  type AlertRuleFields,
  type AlertSettingsReply,
  type Camera,
} from '@vigil/contract';
import { errorMessage } from '../../../lib/http';
import { formToRule, twilightChoiceLabels, type AlertRuleForm, type AlertRuleFormErrors, type TimePointKind } from '../lib/alert-rule-form';

const SECONDS_DATA = ALERT_SECONDS_OPTIONS.map((n) => ({ value: String(n), label: `${n} seconds` }));

/** One bound of a Between range: Fixed (with its time), Dawn or Dusk, with today's times beside them. */
function TimePointInput({
  label,
  value,
  labels,
  error,
  onChange,
}: {
  label: string;
  value: AlertRuleForm['start'];
  labels: Record<TimePointKind, string>;
  error: string | undefined;
  onChange: (next: AlertRuleForm['start']) => void;
}) {
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <NativeSelect
        label={label}
        value={value.kind}
        onChange={(e) => onChange({ ...value, kind: e.currentTarget.value as TimePointKind })}
        data={TIME_POINT_KINDS.map((kind) => ({ value: kind, label: labels[kind] }))}
        error={value.kind === 'Fixed' ? undefined : error}
        style={{ flex: 1 }}
      />
      {value.kind === 'Fixed' && (
        <TextInput
          type="time"
          label={`${label} time`}
          value={value.time}
          onChange={(e) => onChange({ ...value, time: e.currentTarget.value })}
          error={error}
          w={130}
        />
      )}
    </Group>
  );
}

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
        <MultiSelect
          label="Days"
          data={[...ALERT_DAY_OPTIONS]}
          value={form.days}
          onChange={(v) => set('days', v)}
          error={errors.days}
          clearable
        />
        <Radio.Group label="Time range" value={form.timeMode} onChange={(v) => set('timeMode', v as AlertRuleForm['timeMode'])}>
          <Group gap="lg" mt={6}>
            <Radio value="All Day" label="All Day" />
            <Radio value="Between" label="Between" />
          </Group>
        </Radio.Group>
        {form.timeMode === 'Between' && (
          <SimpleGrid cols={1} spacing="sm">
            <TimePointInput label="Start" value={form.start} labels={labels} error={errors.start} onChange={(v) => set('start', v)} />
            <TimePointInput label="End" value={form.end} labels={labels} error={errors.end} onChange={(v) => set('end', v)} />
          </SimpleGrid>
        )}
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
