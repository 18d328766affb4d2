import { cellText } from '@vigil/contract';
import { stringify } from 'csv-stringify/sync';
import type { PersonBadgeExport } from '../badges/person-badges.service.js';
import type { PersonReportRow } from '../reports/report-people.js';

// The badge and report parts of a subject access export (person-export.ts has the rest): what erasure counts under
// badge identities (with their taps and verified matches) and report rows, each in a file of its own.

const iso = (ms: number | null) => (ms === null ? '' : new Date(ms).toISOString());
const csv = (columns: string[], rows: unknown[][]) => stringify(rows, { header: true, columns, escape_formulas: true });

/** person.json's badges: their identities and credentials, and how many taps, matches and report rows the files hold. */
export function badgesJson(badges: PersonBadgeExport, reportRows: readonly PersonReportRow[]) {
  return {
    identities: badges.identities.map((i) => ({
      identity_id: i.identityId,
      name: i.name,
      unit: i.unit,
      role: i.role,
      credentials: i.credentials,
      first_seen_at: iso(i.firstSeenAt),
      last_tap_at: iso(i.lastTapAt) || null,
    })),
    taps: badges.taps.length,
    verified_matches: badges.matches.length,
    report_rows: reportRows.length,
  };
}

/** taps.csv: every tap of their badges, oldest first. */
export function tapsCsv(badges: PersonBadgeExport): string {
  return csv(
    ['time', 'badge', 'access_point', 'granted', 'door_face', 'flags', 'tap_id'],
    badges.taps.map((t) => [iso(t.at), t.badge, t.accessPoint ?? '', t.granted ? 'yes' : 'no', t.result, t.flags.join(', '), t.tapId]),
  );
}

/** verified_matches.csv: the door faces confirmed (or rejected) as their badge at taps, with who and when. */
export function verifiedMatchesCsv(badges: PersonBadgeExport, crops: ReadonlySet<string>): string {
  return csv(
    ['tap_time', 'badge', 'access_point', 'answer', 'reason', 'verified_by', 'verified_at', 'crop', 'detection_id'],
    badges.matches.map((m) => [
      iso(m.tapAt),
      m.badge,
      m.accessPoint ?? '',
      m.answer,
      m.reason ?? '',
      m.verifiedBy ?? '',
      iso(m.verifiedAt),
      m.detectionId && crops.has(m.detectionId) ? `crops/${m.detectionId}.jpg` : '',
      m.detectionId ?? 'no face kept',
    ]),
  );
}

/** report_rows.csv: each stored report row about them or their badges, as the report shows it (times in UTC). */
export function reportRowsCsv(rows: readonly PersonReportRow[]): string {
  return csv(
    ['report', 'generated_at', 'period_start', 'period_end', 'row', 'report_id'],
    rows.map((r) => [
      r.title,
      iso(r.generatedAt),
      iso(r.start),
      iso(r.end),
      r.headers.map((h) => `${h.title}: ${cellText(r.cells[h.key], h.type, 'UTC').replace(/^detection:/, 'detection ')}`).join('; '),
      r.report,
    ]),
  );
}
