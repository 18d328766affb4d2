import { Group, Stack } from '@mantine/core';
import type { FormField } from '@vigil/contract';
import { FormFieldInput } from './form-field-input';
import type { FormKitState } from './use-form-kit';

/** Consecutive inline fields share a row; every other field has its own. */
function rows(fields: readonly FormField[]): FormField[][] {
  const result: FormField[][] = [];
  for (const field of fields) {
    if (field.type === 'hidden') continue;
    const last = result[result.length - 1];
    if (field.inline && last?.[0]?.inline) last.push(field);
    else result.push([field]);
  }
  return result;
}

export const REQUIRED_MESSAGE = 'Required.';

/** The fields of a generic form; after a submit attempt (`showErrors`) the empty required ones say so. */
export function FormKitFields({ form, showErrors = false }: { form: FormKitState; showErrors?: boolean }) {
  const render = (field: FormField) => (
    <FormFieldInput
      key={field.identifier}
      field={field}
      value={form.entry[field.identifier] ?? null}
      onChange={(value) => form.setValue(field.identifier, value)}
      error={showErrors && form.missing.includes(field.identifier) ? REQUIRED_MESSAGE : undefined}
    />
  );
  return (
    <Stack gap="sm">
      {rows(form.fields).map((row) =>
        row.length === 1 ? (
          render(row[0]!)
        ) : (
          <Group key={row.map((f) => f.identifier).join(':')} grow align="flex-start" gap="sm" wrap="wrap">
            {row.map(render)}
          </Group>
        ),
      )}
    </Stack>
  );
}
