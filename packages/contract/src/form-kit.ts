/** The generic form model (spec part 2 §3, §5): field definitions, submission validity and template rules. */

export const FORM_FIELD_TYPES = ['text', 'select', 'radio', 'checkbox', 'password', 'number', 'hidden', 'url', 'file'] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];

export interface FormOption {
  label: string;
  value: string;
}

/** A value as the form holds it: text (numbers too, as typed), a yes/no checkbox, the chosen options, or nothing. */
export type FormValue = string | boolean | readonly string[] | null;
export type FormEntry = Readonly<Record<string, FormValue>>;

/** The template rules that may rewrite a field's value (spec part 2 §3 `tokenizers`). */
export type FieldTokenizer = 'Increment Values';

/** Where a field sits (spec part 2 §3 `layout`): its width in a row of 12 columns; phones always give it the whole row. */
export interface FieldLayout {
  span: number;
}

export const LAYOUT_COLUMNS = 12;

export interface FormField {
  identifier: string;
  type: FormFieldType;
  label?: string;
  placeholder?: string;
  default?: FormValue;
  options?: readonly FormOption[];
  /** select and checkbox with options: several values may be chosen. */
  multiselect?: boolean;
  /** Default true. */
  required?: boolean;
  /** A multiselect offers 'Select all'. */
  selectAll?: boolean;
  /** Shares a row with its inline neighbours. */
  inline?: boolean;
  /** file: accepted types, e.g. ['image/png', '.csv']. */
  fileTypes?: readonly string[];
  /** 'Increment Values': the field takes the rule's token (or counts up from its own whole number). */
  tokenizers?: readonly FieldTokenizer[];
  /** Without one the field has a row of its own (inline fields share theirs). */
  layout?: FieldLayout;
}

/** Identifiers of the fields a tokenizer may rewrite, in form order: the fields an 'Increment Values' rule may choose. */
export function tokenizedFields(fields: readonly FormField[], tokenizer: FieldTokenizer = 'Increment Values'): string[] {
  return fields.filter((field) => field.tokenizers?.includes(tokenizer)).map((field) => field.identifier);
}

/** The columns (1 to 12) a field spans on a wide screen: its layout's, else the whole row. */
export function fieldSpan(field: FormField): number {
  const span = Math.floor(field.layout?.span ?? LAYOUT_COLUMNS);
  return Number.isFinite(span) ? Math.min(LAYOUT_COLUMNS, Math.max(1, span)) : LAYOUT_COLUMNS;
}

export const isRequired = (field: FormField): boolean => field.required !== false;

export function fieldDefault(field: FormField): FormValue {
  if (field.default !== undefined) return field.default;
  if (field.multiselect) return [];
  if (field.type === 'checkbox' && !field.options) return false;
  return '';
}

export function initialEntry(fields: readonly FormField[]): FormEntry {
  return Object.fromEntries(fields.map((field) => [field.identifier, fieldDefault(field)]));
}

/** Text counts when it is not blank, a checkbox when ticked, a multiselect when something is chosen. */
export function hasValue(value: FormValue | undefined): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string') return value.trim() !== '';
  return value.length > 0;
}

/** Identifiers of required fields without a value, in form order. */
export function missingRequiredFields(fields: readonly FormField[], entry: FormEntry): string[] {
  return fields.filter((field) => isRequired(field) && !hasValue(entry[field.identifier])).map((field) => field.identifier);
}

/** A submission is valid only if all required fields have a value. */
export const isSubmissionValid = (fields: readonly FormField[], entry: FormEntry): boolean =>
  missingRequiredFields(fields, entry).length === 0;

// ---- template rules

export const TEMPLATE_RULE_TEXT = {
  duplicate: 'Duplicate',
  howManyTimes: 'How Many Times?',
  increment: 'Increment Values',
} as const;

/** Repeat the entry N times (default 1). */
export interface DuplicateRule {
  type: 'Duplicate';
  times: number;
}

/**
 * Replace `token` in the chosen fields with increasing numbers, starting at `start` parsed as a
 * base-10 integer. A chosen field holding a plain integer and no token counts up from its own value.
 */
export interface IncrementRule {
  type: 'Increment Values';
  token: string;
  start: string;
  fields: readonly string[];
}

export type TemplateRule = DuplicateRule | IncrementRule;

export const DEFAULT_DUPLICATE_TIMES = 1;

/** Times as typed: a whole number of at least 1, else the default. */
export function duplicateTimes(raw: number | string): number {
  const times = typeof raw === 'number' ? Math.floor(raw) : Number.parseInt(raw, 10);
  return Number.isFinite(times) && times >= 1 ? times : DEFAULT_DUPLICATE_TIMES;
}

export function duplicateEntries(entry: FormEntry, times: number | string): FormEntry[] {
  return Array.from({ length: duplicateTimes(times) }, () => ({ ...entry }));
}

const INTEGER = /^\s*[+-]?\d+\s*$/;

function incrementOne(value: FormValue, token: string, n: number, index: number): FormValue {
  if (typeof value === 'string') {
    if (token !== '' && value.includes(token)) return value.split(token).join(String(n));
    if (INTEGER.test(value)) return String(Number.parseInt(value, 10) + index);
    return value;
  }
  if (Array.isArray(value)) return value.map((item: string) => (token !== '' ? item.split(token).join(String(n)) : item));
  return value;
}

/** Entry i gets the token replaced by start + i in every chosen field. An unreadable start counts from 1. */
export function incrementValues(entries: readonly FormEntry[], rule: IncrementRule): FormEntry[] {
  const parsed = Number.parseInt(rule.start, 10);
  const start = Number.isNaN(parsed) ? 1 : parsed;
  return entries.map((entry, index) => {
    const next: Record<string, FormValue> = { ...entry };
    for (const field of rule.fields) {
      const value = entry[field];
      if (value !== undefined) next[field] = incrementOne(value, rule.token, start + index, index);
    }
    return next;
  });
}

/** The entries a submission becomes: duplicated first (Duplicate rules multiply), then incremented in rule order. */
export function applyTemplateRules(entry: FormEntry, rules: readonly TemplateRule[]): FormEntry[] {
  const times = rules.reduce((product, rule) => (rule.type === 'Duplicate' ? product * duplicateTimes(rule.times) : product), 1);
  let entries = duplicateEntries(entry, times);
  for (const rule of rules) if (rule.type === 'Increment Values') entries = incrementValues(entries, rule);
  return entries;
}
