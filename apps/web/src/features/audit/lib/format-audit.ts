import type { AuditDetail, AuditEntry } from '@vigil/contract';

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/** An entry's moment to the second, in the browser's locale and time zone. */
export const formatAuditTime = (iso: string): string => timeFormat.format(Date.parse(iso));

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

function detailValue(value: AuditDetail[string]): string {
  if (value === null) return 'none';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string' && ISO_INSTANT.test(value) && !Number.isNaN(Date.parse(value))) return formatAuditTime(value);
  return String(value);
}

/** An entry's detail as "key: value" pairs a person reads: words for keys, yes/no, none, and times in local time. */
export function auditDetailPairs(detail: AuditDetail): { key: string; value: string }[] {
  return Object.entries(detail).map(([key, value]) => ({ key: key.replace(/_/g, ' '), value: detailValue(value) }));
}

/** Who acted: the signed-in person's e-mail, or the system itself (retention sweeps, the analyzer). */
export const auditPersonText = (entry: Pick<AuditEntry, 'user_email'>): string => entry.user_email ?? 'System';

/** The camera by name; one no longer in the building by the start of its id. */
export function auditCameraText(entry: Pick<AuditEntry, 'camera_uuid' | 'camera_name'>): string | null {
  if (entry.camera_name) return entry.camera_name;
  if (entry.camera_uuid) return `Removed camera (${entry.camera_uuid.slice(0, 8)})`;
  return null;
}

/** The CSV's file name: the building's name made safe for a file system, and the day of the download. */
export function auditCsvFileName(building: string | undefined, now: Date): string {
  const slug = (building ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  const pad = (n: number) => String(n).padStart(2, '0');
  const day = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  return `vigil-audit-${slug || 'building'}-${day}.csv`;
}
