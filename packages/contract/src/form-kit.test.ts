import { describe, expect, it } from 'vitest';
import {
  applyTemplateRules,
  duplicateEntries,
  duplicateTimes,
  fieldDefault,
  fieldSpan,
  hasValue,
  incrementValues,
  initialEntry,
  isRequired,
  isSubmissionValid,
  missingRequiredFields,
  tokenizedFields,
  type FormField,
} from './form-kit.js';

const fields: FormField[] = [
  { identifier: 'name', type: 'text', label: 'Name', default: 'New Camera' },
  { identifier: 'password', type: 'password', label: 'Password', required: false },
  { identifier: 'stream', type: 'checkbox', multiselect: true, options: [{ label: 'High Resolution', value: '1' }] },
  { identifier: 'agree', type: 'checkbox', label: 'Agree' },
  { identifier: 'channel', type: 'number', default: '1' },
];

describe('defaults and required', () => {
  it('fields are required unless they say otherwise', () => {
    expect(isRequired(fields[0]!)).toBe(true);
    expect(isRequired(fields[1]!)).toBe(false);
  });

  it('starts from the defaults: text empty, multiselect none, a lone checkbox unticked', () => {
    expect(fieldDefault({ identifier: 'x', type: 'text' })).toBe('');
    expect(initialEntry(fields)).toEqual({ name: 'New Camera', password: '', stream: [], agree: false, channel: '1' });
  });

  it('counts non-blank text, ticked boxes and non-empty selections as values', () => {
    expect(hasValue('  ')).toBe(false);
    expect(hasValue('0')).toBe(true);
    expect(hasValue(false)).toBe(false);
    expect(hasValue(true)).toBe(true);
    expect(hasValue([])).toBe(false);
    expect(hasValue(['1'])).toBe(true);
    expect(hasValue(null)).toBe(false);
    expect(hasValue(undefined)).toBe(false);
  });

  it('a submission is valid only if all required fields have a value', () => {
    const entry = initialEntry(fields);
    expect(missingRequiredFields(fields, entry)).toEqual(['stream', 'agree']);
    expect(isSubmissionValid(fields, entry)).toBe(false);
    expect(isSubmissionValid(fields, { ...entry, stream: ['1'], agree: true })).toBe(true);
    expect(isSubmissionValid(fields, { ...entry, stream: ['1'], agree: true, name: ' ' })).toBe(false);
  });
});

describe('Duplicate', () => {
  it('repeats the entry N times, 1 by default and for anything unreadable', () => {
    expect(duplicateEntries({ a: 'x' }, 3)).toEqual([{ a: 'x' }, { a: 'x' }, { a: 'x' }]);
    expect(duplicateTimes('')).toBe(1);
    expect(duplicateTimes(0)).toBe(1);
    expect(duplicateTimes('4')).toBe(4);
    expect(duplicateTimes(2.7)).toBe(2);
  });
});

describe('Increment Values', () => {
  it('replaces the token with increasing numbers in the chosen fields only, from a base-10 start', () => {
    const entries = duplicateEntries({ name: 'Cam {n}', note: '{n}', channel: '1' }, 3);
    const result = incrementValues(entries, { type: 'Increment Values', token: '{n}', start: '08', fields: ['name'] });
    expect(result.map((e) => e.name)).toEqual(['Cam 8', 'Cam 9', 'Cam 10']);
    expect(result.map((e) => e.note)).toEqual(['{n}', '{n}', '{n}']);
  });

  it('counts a plain integer field up from its own value', () => {
    const entries = duplicateEntries({ channel: '3' }, 3);
    const result = incrementValues(entries, { type: 'Increment Values', token: '{n}', start: '1', fields: ['channel'] });
    expect(result.map((e) => e.channel)).toEqual(['3', '4', '5']);
  });

  it('starts from 1 when the start is not a number, and leaves booleans alone', () => {
    const entries = duplicateEntries({ name: '#', on: true }, 2);
    const result = incrementValues(entries, { type: 'Increment Values', token: '#', start: 'x', fields: ['name', 'on'] });
    expect(result).toEqual([
      { name: '1', on: true },
      { name: '2', on: true },
    ]);
  });
});

describe('applyTemplateRules', () => {
  it('duplicates, then increments', () => {
    const entries = applyTemplateRules({ name: 'Door {n}', channel: '1' }, [
      { type: 'Duplicate', times: 2 },
      { type: 'Increment Values', token: '{n}', start: '1', fields: ['name', 'channel'] },
    ]);
    expect(entries).toEqual([
      { name: 'Door 1', channel: '1' },
      { name: 'Door 2', channel: '2' },
    ]);
  });

  it('without rules the entry is submitted once', () => {
    expect(applyTemplateRules({ name: 'x' }, [])).toEqual([{ name: 'x' }]);
  });
});

describe('field attributes tokenizers and layout (spec part 2 §3)', () => {
  const camera: FormField[] = [
    { identifier: 'name', type: 'text', tokenizers: ['Increment Values'], layout: { span: 8 } },
    { identifier: 'port', type: 'number', layout: { span: 4 } },
    { identifier: 'channel', type: 'number', tokenizers: ['Increment Values'], layout: { span: 2 } },
    { identifier: 'note', type: 'text', tokenizers: [] },
  ];

  it("tokenizers say which fields take the 'Increment Values' token, in form order", () => {
    expect(tokenizedFields(camera)).toEqual(['name', 'channel']);
    expect(tokenizedFields(camera, 'Increment Values')).toEqual(['name', 'channel']);
    expect(tokenizedFields(fields)).toEqual([]);
  });

  it('the rule counts up in the fields that take the token', () => {
    const [first, second] = applyTemplateRules({ name: 'Door {n}', port: '554', channel: '3', note: '{n}' }, [
      { type: 'Duplicate', times: 2 },
      { type: 'Increment Values', token: '{n}', start: '1', fields: tokenizedFields(camera) },
    ]);
    expect(first).toEqual({ name: 'Door 1', port: '554', channel: '3', note: '{n}' });
    expect(second).toEqual({ name: 'Door 2', port: '554', channel: '4', note: '{n}' });
  });

  it('layout gives the columns of 12 a field spans; without one the whole row', () => {
    expect(camera.map(fieldSpan)).toEqual([8, 4, 2, 12]);
    expect(fieldSpan({ identifier: 'x', type: 'text', layout: { span: 40 } })).toBe(12);
    expect(fieldSpan({ identifier: 'x', type: 'text', layout: { span: 0 } })).toBe(1);
    expect(fieldSpan({ identifier: 'x', type: 'text', layout: { span: Number.NaN } })).toBe(12);
  });
});
