import { DETECTION_IMAGE, ERASED_PERSON, formatUtc, type ReportCell, type ReportHeader, type ReportKind } from '@vigil/contract';

/** Whom a report row is about, by id: a registry person, or a badge identity. An erasure takes their rows out. */
export interface ReportSubject {
  kind: 'person' | 'badge';
  uuid: string;
}

/** A report row: its cells, and whom it is about. */
export interface ReportSourceRow {
  cells: Record<string, ReportCell>;
  about: ReportSubject[];
}

/** A report's table: its columns and rows. */
export interface ReportTable {
  headers: ReportHeader[];
  rows: ReportSourceRow[];
}

/** What the reports are made from: badges' taps (by verdict) and alerts' elopement alerts; pictures as `detection:<id>`. */
export interface ReportSources {
  taps(domain: string, from: number, to: number, limit: number, which: 'mismatch' | 'shared' | 'tailgate'): Promise<ReportSourceRow[]>;
  tapHeaders: ReportHeader[];
  alerts(
    domain: string,
    from: number,
    to: number,
    limit: number,
  ): Promise<
    {
      at: number;
      person: string;
      /** the registry person the alert is about (null once erased) */
      personUuid: string | null;
      camera: string | null;
      detection: string | null;
      /** when it was stored (its 'raised' step) */
      raisedAt: number;
      acknowledgedAt: number | null;
      acknowledgedBy: string | null;
      dismissedAt: number | null;
      dismissedBy: string | null;
      dismissedVia: string | null;
    }[]
  >;
}

const ALERT_HEADERS: ReportHeader[] = [
  { key: 'time', title: 'Time', type: 'date_weekday' },
  { key: 'resident', title: 'Resident', type: 'text' },
  { key: 'camera', title: 'Camera', type: 'text' },
  { key: 'acknowledged_by', title: 'Acknowledged By', type: 'text' },
  { key: 'seconds_to_acknowledge', title: 'Time to Acknowledge (s)', type: 'number' },
  { key: 'dismissed_at', title: 'Dismissed', type: 'date' },
  { key: 'dismissed_by', title: 'Dismissed By', type: 'text' },
  { key: 'how', title: 'How', type: 'text' },
  { key: 'seconds_to_dismiss', title: 'Time to Dismiss (s)', type: 'number' },
  { key: 'face', title: 'Face', type: 'image' },
];

/** Whole seconds from an alert's raise to its acknowledgement or dismissal; null while not done. */
export const secondsFromRaise = (raisedAt: number, doneAt: number | null): number | null =>
  doneAt === null ? null : Math.max(0, Math.round((doneAt - raisedAt) / 1000));

/** The table of a report kind over a period. */
export async function buildReport(
  sources: ReportSources,
  kind: ReportKind,
  domain: string,
  from: number,
  to: number,
  limit: number,
): Promise<ReportTable> {
  if (kind !== 'elopement_alerts') {
    const which = kind === 'credential_mismatch' ? 'mismatch' : kind === 'badge_sharing' ? 'shared' : 'tailgate';
    return { headers: sources.tapHeaders, rows: await sources.taps(domain, from, to, limit, which) };
  }
  const alerts = await sources.alerts(domain, from, to, limit);
  return {
    headers: ALERT_HEADERS,
    rows: alerts.map((a) => ({
      about: a.personUuid && a.personUuid !== ERASED_PERSON.uuid ? [{ kind: 'person', uuid: a.personUuid }] : [],
      cells: {
        time: formatUtc(new Date(a.at)),
        resident: a.person,
        camera: a.camera,
        acknowledged_by: a.acknowledgedBy,
        seconds_to_acknowledge: secondsFromRaise(a.raisedAt, a.acknowledgedAt),
        dismissed_at: a.dismissedAt === null ? null : formatUtc(new Date(a.dismissedAt)),
        dismissed_by: a.dismissedBy,
        how: a.dismissedVia === 'pin' ? 'PIN' : a.dismissedVia === 'me' ? 'Signed in' : a.dismissedAt === null ? 'Not dismissed' : null,
        seconds_to_dismiss: secondsFromRaise(a.raisedAt, a.dismissedAt),
        face: a.detection ? { image: `${DETECTION_IMAGE}${a.detection}` } : null,
      },
    })),
  };
}

/** The UTC instant of midnight (00:00 local time) of the day holding `at` in a time zone. */
export function localMidnight(at: number, timeZone: string): number {
  const parts = (t: number) =>
    Object.fromEntries(
      new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      })
        .formatToParts(new Date(t))
        .map((p) => [p.type, Number(p.value)]),
    ) as Record<string, number>;
  const offsetAt = (t: number) => {
    const p = parts(t);
    return Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!) - Math.floor(t / 1000) * 1000;
  };
  const p = parts(at);
  const guess = Date.UTC(p.year!, p.month! - 1, p.day!) - offsetAt(at);
  // Across a daylight-saving change the offset at midnight differs from the offset now: correct once.
  return Date.UTC(p.year!, p.month! - 1, p.day!) - offsetAt(guess);
}

/** The day before `now` in the building's time zone: [its midnight, today's midnight). */
export function previousDay(now: number, timeZone: string): { start: number; end: number } {
  const end = localMidnight(now, timeZone);
  return { start: localMidnight(end - 1, timeZone), end };
}
