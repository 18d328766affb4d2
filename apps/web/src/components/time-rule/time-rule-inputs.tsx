import type { ReactNode } from 'react';
import { Group, MultiSelect, NativeSelect, Radio, SimpleGrid, TextInput } from '@mantine/core';
import { TIME_POINT_KINDS } from '@vigil/contract';
import { DAY_CHOICES, type TimePointForm, type TimePointKind } from './time-rule-form';

/** The days a time rule holds on: Day, Weekday, Weekend or named days. */
export function DaysSelect({
  value,
  error,
  onChange,
  label = 'Days',
}: {
  value: string[];
  error: string | undefined;
  onChange: (days: string[]) => void;
  label?: string;
}) {
  return <MultiSelect label={label} data={DAY_CHOICES} value={value} onChange={onChange} error={error} clearable />;
}

/** One bound of a Between range: Fixed (with its time), Dawn or Dusk, with today's times beside them. */
export function TimePointInput({
  label,
  value,
  labels,
  error,
  onChange,
}: {
  label: string;
  value: TimePointForm;
  labels: Record<TimePointKind, string>;
  error: string | undefined;
  onChange: (next: TimePointForm) => void;
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
 * A time range: a choice of two modes (the alert rules' 'All Day' or 'Between'; a resident's 'Always' or 'Between'),
 * and with Between its start and end (Fixed time, Dawn or Dusk), after `children` (shown only with Between).
 */
export function TimeRangeInputs<Mode extends string>({
  label,
  description,
  mode,
  modes,
  start,
  end,
  labels,
  errors,
  onModeChange,
  onStartChange,
  onEndChange,
  children,
}: {
  label: string;
  description?: string;
  mode: Mode;
  /** the two choices; the last one is Between */
  modes: readonly [{ value: Mode; label: string }, { value: Mode; label: string }];
  start: TimePointForm;
  end: TimePointForm;
  labels: Record<TimePointKind, string>;
  errors: { start?: string | undefined; end?: string | undefined };
  onModeChange: (mode: Mode) => void;
  onStartChange: (point: TimePointForm) => void;
  onEndChange: (point: TimePointForm) => void;
  children?: ReactNode;
}) {
  return (
    <>
      <Radio.Group label={label} description={description} value={mode} onChange={(v) => onModeChange(v as Mode)}>
        <Group gap="lg" mt={6}>
          {modes.map((m) => (
            <Radio key={m.value} value={m.value} label={m.label} />
          ))}
        </Group>
      </Radio.Group>
      {mode === modes[1].value && (
        <SimpleGrid cols={1} spacing="sm">
          {children}
          <TimePointInput label="Start" value={start} labels={labels} error={errors.start} onChange={onStartChange} />
          <TimePointInput label="End" value={end} labels={labels} error={errors.end} onChange={onEndChange} />
        </SimpleGrid>
      )}
    </>
  );
}
