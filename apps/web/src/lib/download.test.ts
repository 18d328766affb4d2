import { describe, expect, it } from 'vitest';
import { fileNameFromContentDisposition } from './download';

describe('fileNameFromContentDisposition', () => {
  it('reads a quoted or a bare filename', () => {
    expect(fileNameFromContentDisposition('attachment; filename="credential-mismatch-2026-03-04.csv"')).toBe(
      'credential-mismatch-2026-03-04.csv',
    );
    expect(fileNameFromContentDisposition('attachment; filename=report.csv')).toBe('report.csv');
    expect(fileNameFromContentDisposition('attachment;filename = report.csv ; size=12')).toBe('report.csv');
    expect(fileNameFromContentDisposition('Attachment; FileName="Report.PDF"')).toBe('Report.PDF');
  });

  it('keeps semicolons and escaped quotes inside quotes', () => {
    expect(fileNameFromContentDisposition('attachment; filename="a;b \\"c\\".csv"; size=3')).toBe('a;b "c".csv');
  });

  it('prefers filename* (RFC 5987) and decodes it, wherever it stands', () => {
    expect(fileNameFromContentDisposition(`attachment; filename*=UTF-8''Caf%C3%A9%20report.csv; filename="Cafe report.csv"`)).toBe(
      'Café report.csv',
    );
    expect(fileNameFromContentDisposition(`attachment; filename="Cafe.csv"; filename*=utf-8'en'Caf%C3%A9.csv`)).toBe('Café.csv');
    expect(fileNameFromContentDisposition(`attachment; filename*=iso-8859-1''Caf%E9.csv`)).toBe('Café.csv');
  });

  it('falls back to filename when filename* cannot be decoded', () => {
    expect(fileNameFromContentDisposition(`attachment; filename*=UTF-8''%E0%A4%A.csv; filename="plain.csv"`)).toBe('plain.csv');
    expect(fileNameFromContentDisposition(`attachment; filename*=no-quotes.csv; filename="plain.csv"`)).toBe('plain.csv');
  });

  it('keeps no folders or control characters of the suggested name', () => {
    expect(fileNameFromContentDisposition('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(fileNameFromContentDisposition('attachment; filename="C:\\\\Users\\\\x\\\\evil.csv"')).toBe('evil.csv');
    expect(fileNameFromContentDisposition('attachment; filename="a\u0007b.csv"')).toBe('ab.csv');
  });

  it('gives null when there is no usable name', () => {
    expect(fileNameFromContentDisposition(null)).toBeNull();
    expect(fileNameFromContentDisposition(undefined)).toBeNull();
    expect(fileNameFromContentDisposition('')).toBeNull();
    expect(fileNameFromContentDisposition('attachment')).toBeNull();
    expect(fileNameFromContentDisposition('inline; size=42')).toBeNull();
    expect(fileNameFromContentDisposition('attachment; filename=""')).toBeNull();
    expect(fileNameFromContentDisposition('attachment; filename=".."')).toBeNull();
  });
});
