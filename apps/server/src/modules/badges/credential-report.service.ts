import {
  DETECTION_IMAGE,
  REPORT_TITLES,
  formatUtc,
  resolveImages,
  type BadgeIdentity,
  type CredentialReportReply,
  type ReportHeader,
  type RegistryVisibility,
} from '@vigil/contract';
import { requireEntitlement, type Principal } from '../../auth/principal.js';
import type { Db } from '../../db/database.js';
import type { AccessEventRow } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { notFound } from '../../lib/http-error.js';
import { signedFrameUrl } from '../../media/frames.js';
import type { FrameAvailability } from '../../media/frame-availability.js';
import type { MediaSigner } from '../../media/signing.js';
import type { DomainDirectory } from '../domains/domains.port.js';
import { actorOfPrincipal, type AuditService } from '../audit/audit.service.js';
import type { FacesPort } from '../faces/faces.port.js';
import type { BadgeTagsRepository } from './badge-tags.repository.js';
import type { BadgesRepository } from './badges.repository.js';
import { shownCard, visibilityOf, type BadgesService } from './badges.service.js';
import type { ReportSourceRow, ReportSubject } from '../reports/report-builder.js';
import { renderCredentialPdf, type PdfSection } from './credential-pdf.js';

/** The data refresh's credential mismatch report covers this long. */
const MISMATCH_DAYS = 7;
/** Taps per identity in a tenant or unit report. */
const REPORT_TAPS = 500;

/** The columns of the mismatch, sharing and tailgating reports. */
export const TAP_REPORT_HEADERS: ReportHeader[] = [
  { key: 'time', title: 'Time', type: 'date_weekday' },
  { key: 'holder', title: 'Badge Holder', type: 'link' },
  { key: 'unit', title: 'Unit', type: 'text' },
  { key: 'access_point', title: 'Access Point', type: 'text' },
  { key: 'people', title: 'People at Door', type: 'number' },
  { key: 'best', title: 'Best Match', type: 'text' },
  { key: 'seen', title: 'Seen Instead', type: 'text' },
  { key: 'face', title: 'Face', type: 'image' },
];

export const tapState = (tap: AccessEventRow, verified: boolean): string =>
  verified ? 'Verified match' : tap.matched === 1 ? 'Face matches' : (tap.faces ?? 0) > 0 ? 'Face does not match' : 'No face at the door';

/**
 * The credential report (part 2 §7): the building's mismatches of the last 7 days (the data refresh's 'Credential'),
 * or one identity's or a unit's taps, as a table or (format=pdf) a PDF with the door faces. keycard/view_all. Registry
 * people are named as the badge pages name them to the caller; reading the mismatch table is audited.
 */
export class CredentialReportService {
  constructor(
    private readonly d: {
      db: Db;
      badges: BadgesRepository;
      tags: BadgeTagsRepository;
      service: BadgesService;
      faces: Pick<FacesPort, 'cards'>;
      domains: DomainDirectory;
      signer: MediaSigner;
      frames: Pick<FrameAvailability, 'prepare' | 'pictured'>;
      /** a detection's face crop (kept, or cut from the recording) */
      crop: (id: string) => Promise<Buffer | null>;
      clock: Clock;
      audit?: Pick<AuditService, 'record'>;
    },
  ) {}

  /**
   * A building's evaluated taps of a period as report rows, newest first: those whose door faces do not match their
   * badge (mismatch), whose badge someone else used (shared), or that more people followed than tapped (tailgate). The
   * door face is a reference (`detection:<id>`), made a link when the report is read. Who was seen instead is named
   * only when a caller of `visibility` may see them ('A known person' otherwise).
   */
  async tapRows(
    domain: string,
    from: number,
    to: number,
    limit: number,
    which: TapReportKind,
    visibility: RegistryVisibility = 'all',
  ): Promise<ReportRow[]> {
    return (await this.tapReportRows(domain, from, to, limit, which, visibility)).map((row) => row.cells);
  }

  /**
   * As tapRows, each row with whom it is about (the holder's badge, the registry person it is linked to, who was seen
   * instead): a stored report keeps them, so an erasure takes out their rows by id. The database picks the taps.
   */
  async tapReportRows(
    domain: string,
    from: number,
    to: number,
    limit: number,
    which: TapReportKind,
    visibility: RegistryVisibility = 'all',
  ): Promise<ReportSourceRow[]> {
    const taps = await this.d.badges.tapsBetween(domain, from, to, limit, which);
    const identities = new Map(
      (await this.d.badges.identitiesByUuid(this.d.db, [...new Set(taps.map((t) => t.identity_uuid))])).map((i) => [i.uuid, i]),
    );
    const points = new Map(
      (await this.d.badges.accessPointsByUuid([...new Set(taps.map((t) => t.access_point_uuid))])).map((p) => [p.uuid, p]),
    );
    const cards = await this.d.faces.cards(taps.flatMap((t) => (t.shared_with ? [t.shared_with] : [])));
    await this.d.frames.prepare([...points.values()].flatMap((p) => (p.camera_uuid ? [p.camera_uuid] : [])));
    return taps.map((t) => {
      const holder = identities.get(t.identity_uuid);
      const about: ReportSubject[] = [
        ...(holder ? [{ kind: 'badge' as const, uuid: holder.uuid }] : []),
        ...(holder?.face_uuid ? [{ kind: 'person' as const, uuid: holder.face_uuid }] : []),
        ...(t.shared_with ? [{ kind: 'person' as const, uuid: t.shared_with }] : []),
      ];
      const cells: ReportRow = {
        time: formatUtc(new Date(t.event_at)),
        holder: holder ? { text: holder.name, href: `/credential/${holder.identity_id}` } : null,
        unit: holder?.unit ?? null,
        access_point: points.get(t.access_point_uuid)?.description ?? null,
        people: t.passages ?? 0,
        best: t.best_label ?? 'None',
        seen: t.shared_with ? (shownCard(cards.get(t.shared_with), visibility)?.name ?? 'A known person') : null,
        face:
          t.door_face && this.pictured(t, points.get(t.access_point_uuid)?.camera_uuid)
            ? { image: `${DETECTION_IMAGE}${t.door_face}` }
            : null,
      };
      return { cells, about };
    });
  }

  /** Whether the tap's door face has a picture (its crop was sent, or the recording holds the moment). */
  private pictured(tap: AccessEventRow, camera: string | null | undefined): boolean {
    return (
      camera !== null &&
      camera !== undefined &&
      tap.door_face !== null &&
      this.d.frames.pictured('poster', tap.door_face, camera, tap.event_at)
    );
  }

  async report(
    principal: Principal,
    q: { domain_uuid: string; identity_id?: string | undefined; unit?: string | undefined; format: 'pdf' | 'json' },
  ): Promise<{ kind: 'json'; reply: CredentialReportReply } | { kind: 'pdf'; pdf: Buffer; fileName: string }> {
    requireEntitlement(principal, q.domain_uuid, 'keycard', 'view_all');
    const domain = await this.d.domains.findOne(q.domain_uuid);
    if (!domain) throw notFound('No such building.');
    const visibility = visibilityOf(principal, q.domain_uuid);
    const now = this.d.clock.now();
    if (!q.identity_id && !q.unit) {
      const from = now - MISMATCH_DAYS * 24 * 3600_000;
      const values = resolveImages(await this.tapRows(q.domain_uuid, from, now, 1000, 'mismatch', visibility), (id) =>
        signedFrameUrl(this.d.signer, 'poster', id, now),
      );
      await this.d.audit?.record(actorOfPrincipal(principal), {
        action: 'viewed_mismatches',
        domain: q.domain_uuid,
        detail: { days: MISMATCH_DAYS, rows: values.length },
      });
      const reply: CredentialReportReply = {
        ok: true,
        report: {
          id: null,
          metadata: {
            title: REPORT_TITLES.credential_mismatch,
            kind: 'credential_mismatch',
            generated: formatUtc(new Date(now)),
            date_start_ts: formatUtc(new Date(from)),
            date_end_ts: formatUtc(new Date(now)),
            timezone: domain.timezone,
            rows: values.length,
            generated_by: principal.user.email,
          },
          headers: TAP_REPORT_HEADERS,
          values,
        },
      };
      return { kind: 'json', reply };
    }
    const rows = q.identity_id
      ? [await this.d.service.identityRow(q.domain_uuid, q.identity_id)]
      : await this.d.badges.unit(q.domain_uuid, q.unit!);
    if (rows.length === 0) throw notFound('No badge identity in that unit.');
    const identities = await this.d.service.identities(q.domain_uuid, visibility, new Set(rows.map((r) => r.uuid)));
    const sections: PdfSection[] = [];
    const tableRows: ReportRow[] = [];
    for (const identity of identities) {
      const row = rows.find((r) => r.identity_id === identity.identityId)!;
      const taps = await this.d.badges.identityTaps(row.uuid, { limit: REPORT_TAPS, view: 'all' });
      const tags = await this.d.tags.tagsOfTaps(
        this.d.db,
        taps.map((t) => t.uuid),
      );
      const verifications = await this.d.tags.verificationsOfTaps(
        this.d.db,
        taps.map((t) => t.uuid),
      );
      const points = new Map(
        (await this.d.badges.accessPointsByUuid([...new Set(taps.map((t) => t.access_point_uuid))])).map((p) => [p.uuid, p]),
      );
      const section: PdfSection = { identity, taps: [] };
      for (const tap of taps) {
        const verified =
          tags.some((t) => t.access_event_uuid === tap.uuid && t.identity_uuid === row.uuid && t.rejected === 0) ||
          verifications.some((v) => v.access_event_uuid === tap.uuid && v.identity_uuid === row.uuid);
        const flags = [...(tap.shared_with ? ['Shared badge'] : []), ...(tap.tailgate === 1 ? ['Tailgating'] : [])];
        const state = tapState(tap, verified);
        const accessPoint = points.get(tap.access_point_uuid)?.description ?? '';
        tableRows.push({
          time: formatUtc(new Date(tap.event_at)),
          holder: identity.name,
          access_point: accessPoint,
          state,
          flags: flags.join(', '),
        });
        section.taps.push({
          at: tap.event_at,
          accessPoint,
          state,
          flags,
          image: q.format === 'pdf' && tap.door_face ? await this.d.crop(tap.door_face) : null,
        });
      }
      sections.push(section);
    }
    const title = q.identity_id ? `Tenant Report: ${identities[0]!.name}` : `Unit Report: Unit ${q.unit}`;
    if (q.format === 'pdf') {
      const pdf = await renderCredentialPdf({ title, building: domain.description, generatedAt: now, sections });
      await this.d.audit?.record(actorOfPrincipal(principal), {
        action: 'downloaded_report',
        domain: q.domain_uuid,
        subject: q.identity_id ?? null,
        detail: {
          report: q.identity_id ? 'tenant' : 'unit',
          ...(q.unit && { unit: q.unit }),
          taps: sections.reduce((n, s) => n + s.taps.length, 0),
        },
      });
      return { kind: 'pdf', pdf, fileName: q.identity_id ? `tenant-report-${q.identity_id}.pdf` : `unit-report-${safeName(q.unit!)}.pdf` };
    }
    return { kind: 'json', reply: this.table(title, domain.timezone, now, principal, identities, tableRows) };
  }

  private table(
    title: string,
    timezone: string,
    now: number,
    principal: Principal,
    identities: BadgeIdentity[],
    values: ReportRow[],
  ): CredentialReportReply {
    const oldest = values.at(-1)?.time as string | undefined;
    return {
      ok: true,
      report: {
        id: null,
        metadata: {
          title,
          kind: 'credential_mismatch',
          generated: formatUtc(new Date(now)),
          date_start_ts: oldest ?? formatUtc(new Date(now)),
          date_end_ts: formatUtc(new Date(now)),
          timezone,
          rows: values.length,
          generated_by: principal.user.email,
        },
        headers: [
          { key: 'time', title: 'Time', type: 'date_weekday' },
          { key: 'holder', title: identities.length > 1 ? 'Badge Holder' : 'Name', type: 'text' },
          { key: 'access_point', title: 'Access Point', type: 'text' },
          { key: 'state', title: 'Verification', type: 'text' },
          { key: 'flags', title: 'Flags', type: 'text' },
        ],
        values,
      },
    };
  }
}

export type TapReportKind = 'mismatch' | 'shared' | 'tailgate';
type ReportRow = CredentialReportReply['report']['values'][number];

const safeName = (s: string) => s.replace(/[^A-Za-z0-9_-]+/g, '-');
