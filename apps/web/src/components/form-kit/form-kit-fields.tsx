import { Grid, Group, Stack } from '@mantine/core';
import { LAYOUT_COLUMNS, fieldSpan, type FormField } from '@vigil/contract';
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

/** What the fields need of a form: its state from useFormKit, or values kept elsewhere (the onboarding's camera rows). */
export type FormKitFieldsState = Pick<FormKitState, 'fields' | 'entry' | 'setValue' | 'missing'>;

/**
 * The fields of a generic form; after a submit attempt (`showErrors`) the empty required ones say so. A form whose
 * fields carry a layout is a grid of 12 columns from the small breakpoint up, one field a row on phones.
 */
export function FormKitFields({ form, showErrors = false }: { form: FormKitFieldsState; showErrors?: boolean }) {
  const render = (field: FormField) => (
    <FormFieldInput
      key={field.identifier}
      field={field}
      value={form.entry[field.identifier] ?? null}
      onChange={(value) => form.setValue(field.identifier, value)}
      error={showErrors && form.missing.includes(field.identifier) ? REQUIRED_MESSAGE : undefined}
    />
  );
  if (form.fields.some((field) => field.layout)) {
    return (
      <Grid gutter="sm" columns={LAYOUT_COLUMNS}>
        {form.fields
          .filter((field) => field.type !== 'hidden')
          .map((field) => (
            <Grid.Col key={field.identifier} span={{ base: LAYOUT_COLUMNS, sm: fieldSpan(field) }}>
              {render(field)}
            </Grid.Col>
          ))}
      </Grid>
    );
  }
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
