import { useState } from 'react';
import {
  applyTemplateRules,
  initialEntry,
  missingRequiredFields,
  type FormEntry,
  type FormField,
  type FormValue,
  type TemplateRule,
} from '@vigil/contract';

export interface FormKitState {
  fields: readonly FormField[];
  entry: FormEntry;
  setValue(identifier: string, value: FormValue): void;
  rules: readonly TemplateRule[];
  setRules(rules: readonly TemplateRule[]): void;
  /** Required fields still without a value. */
  missing: readonly string[];
  valid: boolean;
  /** What a submission becomes once the template rules have run. */
  entries: FormEntry[];
}

/** The state of one generic form (spec part 2 §3, §5): values from the defaults, template rules, validity. */
export function useFormKit(fields: readonly FormField[], initialRules: readonly TemplateRule[] = []): FormKitState {
  const [entry, setEntry] = useState(() => initialEntry(fields));
  const [rules, setRules] = useState(initialRules);
  const missing = missingRequiredFields(fields, entry);
  return {
    fields,
    entry,
    setValue: (identifier, value) => setEntry((current) => ({ ...current, [identifier]: value })),
    rules,
    setRules,
    missing,
    valid: missing.length === 0,
    entries: applyTemplateRules(entry, rules),
  };
}
