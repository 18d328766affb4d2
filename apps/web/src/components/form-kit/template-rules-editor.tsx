import { Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { DEFAULT_DUPLICATE_TIMES, TEMPLATE_RULE_TEXT, tokenizedFields, type FormField, type TemplateRule } from '@vigil/contract';

/**
 * Edits a form's template rules (spec part 2 §3): 'Duplicate' with 'How Many Times?', and
 * 'Increment Values' with its token, start number and fields.
 */
export function TemplateRulesEditor({
  rules,
  fields,
  onChange,
}: {
  rules: readonly TemplateRule[];
  fields: readonly FormField[];
  onChange(rules: TemplateRule[]): void;
}) {
  const replace = (index: number, rule: TemplateRule) => onChange(rules.map((r, i) => (i === index ? rule : r)));
  // The fields an 'Increment Values' rule may choose: those whose tokenizers say they take its token.
  const tokenized = tokenizedFields(fields);
  const textFields = fields.filter((f) => tokenized.includes(f.identifier));

  return (
    <Stack gap="md">
      {rules.map((rule, index) =>
        rule.type === 'Duplicate' ? (
          <Stack key={index} gap={4}>
            <Text fw={600} size="sm">
              {TEMPLATE_RULE_TEXT.duplicate}
            </Text>
            <TextInput
              type="number"
              label={TEMPLATE_RULE_TEXT.howManyTimes}
              min={1}
              value={Number.isNaN(rule.times) ? '' : String(rule.times)}
              onChange={(e) =>
                replace(index, { ...rule, times: e.currentTarget.value === '' ? Number.NaN : Number(e.currentTarget.value) })
              }
              onBlur={() => Number.isNaN(rule.times) && replace(index, { ...rule, times: DEFAULT_DUPLICATE_TIMES })}
              w={160}
            />
          </Stack>
        ) : (
          <Stack key={index} gap={4}>
            <Text fw={600} size="sm">
              {TEMPLATE_RULE_TEXT.increment}
            </Text>
            <Text size="xs" c="dimmed">
              In each copy, the token becomes the next number; a field holding a whole number counts up from it.
            </Text>
            <Group gap="sm" align="flex-end">
              <TextInput
                label="Token"
                value={rule.token}
                onChange={(e) => replace(index, { ...rule, token: e.currentTarget.value })}
                w={120}
              />
              <TextInput
                label="Start at"
                inputMode="numeric"
                value={rule.start}
                onChange={(e) => replace(index, { ...rule, start: e.currentTarget.value })}
                w={120}
              />
            </Group>
            <Checkbox.Group label="In fields" value={[...rule.fields]} onChange={(next) => replace(index, { ...rule, fields: next })}>
              <Group gap="md" mt={6}>
                {textFields.map((f) => (
                  <Checkbox key={f.identifier} value={f.identifier} label={f.label ?? f.identifier} />
                ))}
              </Group>
            </Checkbox.Group>
          </Stack>
        ),
      )}
    </Stack>
  );
}
