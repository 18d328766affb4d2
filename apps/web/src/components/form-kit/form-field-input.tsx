import { useState } from 'react';
import { Checkbox, FileInput, Group, MultiSelect, PasswordInput, Radio, Select, Stack, TextInput } from '@mantine/core';
import { isRequired, type FormField, type FormValue } from '@vigil/contract';

export interface FormFieldInputProps {
  field: FormField;
  value: FormValue;
  onChange(value: FormValue): void;
  /** Shown under the field, e.g. 'Required.' after a submit attempt. */
  error?: string | undefined;
}

const asText = (value: FormValue): string => (typeof value === 'string' ? value : '');
const asList = (value: FormValue): string[] => (Array.isArray(value) ? [...(value as readonly string[])] : []);

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

/** 'Select all' for a multiselect: ticked when all are chosen, half-ticked when some are. */
function SelectAll({ field, chosen, onChange }: { field: FormField; chosen: string[]; onChange(value: string[]): void }) {
  const all = (field.options ?? []).map((o) => o.value);
  const every = all.length > 0 && all.every((v) => chosen.includes(v));
  return (
    <Checkbox
      size="xs"
      label="Select all"
      checked={every}
      indeterminate={!every && chosen.length > 0}
      onChange={() => onChange(every ? [] : all)}
    />
  );
}

/** One field of the generic form kit, by type. Hidden fields render nothing; their value still submits. */
export function FormFieldInput({ field, value, onChange, error }: FormFieldInputProps) {
  const [file, setFile] = useState<File | null>(null);
  const label = field.label ?? field.identifier;
  const common = { label, withAsterisk: isRequired(field), error, placeholder: field.placeholder };
  const options = (field.options ?? []).map((o) => ({ value: o.value, label: o.label }));

  switch (field.type) {
    case 'hidden':
      return null;
    case 'text':
    case 'url':
    case 'number':
      return (
        <TextInput
          {...common}
          type={field.type === 'text' ? 'text' : field.type}
          inputMode={field.type === 'number' ? 'numeric' : undefined}
          value={asText(value)}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'password':
      return (
        <PasswordInput {...common} value={asText(value)} onChange={(e) => onChange(e.currentTarget.value)} autoComplete="new-password" />
      );
    case 'select':
      if (field.multiselect) {
        const chosen = asList(value);
        return (
          <Stack gap={4}>
            <MultiSelect {...common} data={options} value={chosen} onChange={onChange} searchable clearable />
            {field.selectAll && <SelectAll field={field} chosen={chosen} onChange={onChange} />}
          </Stack>
        );
      }
      // An optional select can be cleared; a required one keeps its choice.
      return (
        <Select
          {...common}
          placeholder={field.placeholder ?? 'Choose…'}
          data={options}
          value={asText(value) || null}
          onChange={(next) => onChange(next ?? '')}
          allowDeselect={false}
          clearable={!isRequired(field)}
        />
      );
    case 'radio':
      return (
        <Radio.Group {...common} value={asText(value)} onChange={onChange}>
          <Group gap="md" mt={6} style={{ flexDirection: field.inline ? 'row' : 'column', alignItems: 'flex-start' }}>
            {options.map((o) => (
              <Radio key={o.value} value={o.value} label={o.label} />
            ))}
          </Group>
        </Radio.Group>
      );
    case 'checkbox': {
      if (!field.options) {
        return <Checkbox label={label} checked={value === true} onChange={(e) => onChange(e.currentTarget.checked)} error={error} />;
      }
      const chosen = asList(value);
      // 'Select all' stays outside the group: inside, the group's value would decide its tick.
      return (
        <Stack gap={6}>
          <Checkbox.Group {...common} value={chosen} onChange={onChange}>
            <Group gap="md" mt={6}>
              {options.map((o) => (
                <Checkbox key={o.value} value={o.value} label={o.label} />
              ))}
            </Group>
          </Checkbox.Group>
          {field.selectAll && <SelectAll field={field} chosen={chosen} onChange={onChange} />}
        </Stack>
      );
    }
    case 'file':
      return (
        <FileInput
          {...common}
          value={file}
          accept={field.fileTypes?.join(',')}
          clearable
          onChange={(next) => {
            setFile(next);
            if (!next) return onChange('');
            void readAsDataUrl(next).then(onChange, (readError: unknown) => console.warn('Reading the file failed', readError));
          }}
        />
      );
  }
}
