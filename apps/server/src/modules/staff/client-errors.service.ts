import { clientErrorKindSchema, redactSecrets, type ClientError, type ClientErrorReport } from '@vigil/contract';
import type { Principal } from '../../auth/principal.js';
import type { Clock } from '../../lib/clock.js';
import type { ClientErrorsRepository } from './client-errors.repository.js';

/** Client errors: what browsers report (part 1 §7, §8 "sent to analytics"), stored without secrets, read by staff. */
export class ClientErrorsService {
  constructor(
    private readonly repository: ClientErrorsRepository,
    private readonly clock: Clock,
  ) {}

  async report(principal: Principal, report: ClientErrorReport, userAgent: string | undefined): Promise<void> {
    await this.repository.add({
      at: this.clock.now(),
      userId: principal.user.id,
      kind: report.kind,
      message: redactSecrets(report.message),
      page: redactSecrets(report.page),
      detail: report.detail ? redactSecrets(report.detail) : null,
      userAgent: userAgent?.slice(0, 300) ?? null,
    });
  }

  /** For staff with staff/diagnostic_export in any building (the route's access): the reports are about the app, not one building. */
  async list(limit: number): Promise<ClientError[]> {
    const rows = await this.repository.newest(limit);
    return rows.map((row) => ({
      id: row.id,
      at: new Date(Number(row.at)).toISOString(),
      kind: clientErrorKindSchema.catch('script').parse(row.kind),
      message: row.message,
      page: row.page,
      ...(row.detail !== null && { detail: row.detail }),
      user_email: row.user_email ?? null,
      user_agent: row.user_agent,
    }));
  }

  /** Retention (modules/privacy's sweep, the client_errors period): up to `limit` reports made before `at`; how many went. */
  purgeBefore(at: number, limit: number): Promise<number> {
    return this.repository.deleteBefore(at, limit);
  }

  held(): Promise<{ count: number; oldest: number | null }> {
    return this.repository.held();
  }
}
