import {
  AUDIT,
  AUDIT_ACTION_TEXT,
  AUDIT_CSV_COLUMNS,
  type AuditAction,
  type AuditDetail,
  type AuditEntry,
  type AuditQuery,
} from '@vigil/contract';
import { stringify } from 'csv-stringify/sync';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { requireEntitlement, type Principal } from '../../auth/principal.js';
import type { Clock } from '../../lib/clock.js';
import type { CameraDirectory } from '../video/cameras.port.js';
import type { AuditFilter, AuditRepository, AuditRow } from './audit.repository.js';

/** Who did it: the signed-in user (or a CLI operator, or nobody for the system) and the address the request came from. */
export interface AuditActor {
  userId: string | null;
  email: string | null;
  address: string | null;
}

/** What was done: the building, the camera and the record it concerns (a person's, alert's or model's id). */
export interface AuditInput {
  action: AuditAction;
  domain?: string | null;
  camera?: string | null;
  subject?: string | null;
  detail?: AuditDetail;
}

/** The actor of a request: its principal (if signed in) and its address (the proxy's client address when trusted). */
export function actorOf(request: FastifyRequest): AuditActor {
  const user = request.principal?.user;
  return { userId: user?.id ?? null, email: user?.email ?? null, address: request.ip ?? null };
}

/** The actor behind a principal (services record what their callers did with this). */
export function actorOfPrincipal(principal: Principal): AuditActor {
  return { userId: principal.user.id, email: principal.user.email, address: principal.address ?? null };
}

/**
 * The administration CLI acting as an operator named on its command line; its address is where it ran from (the OS
 * account running it, which a typed name cannot change), at most the column's 64 characters.
 */
export function cliActor(operator: string, from = 'cli'): AuditActor {
  return { userId: null, email: operator.toLowerCase(), address: from.slice(0, 64) };
}

// A detail never carries a secret: a key that names one is dropped whatever its value (defence in depth; callers
// pass only ids, counts, words and times).
const SECRET_KEY = /token|password|secret|key|url|signature|pin$/i;

/** The detail as stored: secret-named keys dropped, long texts cut, the whole JSON at most AUDIT.detailChars. */
export function storedDetail(detail: AuditDetail | undefined): string | null {
  if (!detail) return null;
  const kept = Object.fromEntries(
    Object.entries(detail)
      .filter(([key]) => !SECRET_KEY.test(key))
      .map(([key, value]) => [key, typeof value === 'string' ? value.slice(0, 200) : value]),
  );
  if (Object.keys(kept).length === 0) return null;
  const json = JSON.stringify(kept);
  return json.length <= AUDIT.detailChars ? json : JSON.stringify({ truncated: true });
}

/**
 * The audit trail's writer and reader. Writes are awaited, one insert per action (a request that did something is
 * answered after its entry is stored, so a crash cannot lose an entry whose action was acknowledged); a failing
 * write is logged as an error, never turned into a failed request for an action already done.
 */
export class AuditService {
  constructor(
    private readonly d: {
      audit: AuditRepository;
      cameras: Pick<CameraDirectory, 'namesInDomain' | 'findOne'>;
      /** the e-mails of a building's accounts: their entries without a building (sign-ins, flags) show there too */
      members?: (domain: string) => Promise<string[]>;
      clock: Clock;
      log?: FastifyBaseLogger;
    },
  ) {}

  async record(actor: AuditActor, input: AuditInput): Promise<void> {
    try {
      // A camera's building, when the caller named only the camera (deleted cameras included).
      const domain = input.domain !== undefined || !input.camera ? input.domain : (await this.d.cameras.findOne(input.camera))?.domain_uuid;
      await this.d.audit.append([
        {
          at: this.d.clock.now(),
          user_id: actor.userId,
          user_email: actor.email,
          domain_uuid: domain ?? null,
          action: input.action,
          camera_uuid: input.camera ?? null,
          subject: input.subject ?? null,
          detail: storedDetail(input.detail),
          address: actor.address,
        },
      ]);
    } catch (err) {
      this.d.log?.error({ err, action: input.action }, 'the audit log could not be written');
    }
  }

  /** Records an action done by a request's caller. */
  recordRequest(request: FastifyRequest, input: AuditInput): Promise<void> {
    return this.record(actorOf(request), input);
  }

  /** A building's entries, newest first (account/view_audit in that building: other buildings' entries never show). */
  async list(principal: Principal, query: AuditQuery): Promise<{ entries: AuditEntry[]; next: number | null }> {
    requireEntitlement(principal, query.domain_uuid, 'account', 'view_audit');
    const rows = await this.d.audit.list(await this.filterOf(query), query.limit);
    const entries = await this.present(query.domain_uuid, rows);
    return { entries, next: rows.length === query.limit ? rows[rows.length - 1]!.seq : null };
  }

  /** The same entries as CSV (up to AUDIT.csvRows), cells that a spreadsheet would run as formulas neutralised. */
  async csv(principal: Principal, query: AuditQuery): Promise<string> {
    requireEntitlement(principal, query.domain_uuid, 'account', 'view_audit');
    const filter = await this.filterOf(query);
    const lines: string[][] = [];
    for (;;) {
      const rows = await this.d.audit.list(filter, 5000);
      for (const entry of await this.present(query.domain_uuid, rows))
        lines.push([
          entry.at,
          entry.user_email ?? '',
          entry.domain_uuid ?? '',
          AUDIT_ACTION_TEXT[entry.action],
          entry.camera_name ?? entry.camera_uuid ?? '',
          entry.subject ?? '',
          Object.keys(entry.detail).length > 0 ? JSON.stringify(entry.detail) : '',
          entry.address ?? '',
        ]);
      if (rows.length < 5000 || lines.length >= AUDIT.csvRows) break;
      filter.before = rows[rows.length - 1]!.seq;
    }
    return stringify(lines.slice(0, AUDIT.csvRows), { header: true, columns: [...AUDIT_CSV_COLUMNS], escape_formulas: true });
  }

  /** The retention sweep's part: entries older than `at` (a building's, or with null those of no building), a batch at a time. */
  purgeBefore(at: number, batch: number, domain?: string | null): Promise<number> {
    return this.d.audit.purgeBefore(at, batch, domain);
  }

  held(domainUuid: string) {
    return this.d.audit.held(domainUuid);
  }

  private async filterOf(query: AuditQuery): Promise<AuditFilter> {
    const members = this.d.members ? await this.d.members(query.domain_uuid) : [];
    return { ...filterOf(query), members: members.map((email) => email.toLowerCase()) };
  }

  private async present(domainUuid: string, rows: AuditRow[]): Promise<AuditEntry[]> {
    const names = rows.some((row) => row.camera_uuid) ? await this.d.cameras.namesInDomain(domainUuid) : new Map<string, string>();
    return rows.map((row) => ({
      seq: Number(row.seq),
      at: new Date(Number(row.at)).toISOString(),
      user_email: row.user_email,
      domain_uuid: row.domain_uuid,
      action: row.action as AuditAction,
      camera_uuid: row.camera_uuid,
      camera_name: row.camera_uuid ? (names.get(row.camera_uuid) ?? null) : null,
      subject: row.subject,
      detail: row.detail ? (JSON.parse(row.detail) as AuditDetail) : {},
      address: row.address,
    }));
  }
}

function filterOf(query: AuditQuery): AuditFilter {
  return {
    domainUuid: query.domain_uuid,
    ...(query.actor && { actor: query.actor }),
    ...(query.action && { action: query.action }),
    ...(query.camera_uuid && { cameraUuid: query.camera_uuid }),
    ...(query.from && { from: Date.parse(query.from) }),
    ...(query.to && { to: Date.parse(query.to) }),
    ...(query.before && { before: query.before }),
  };
}
