import type { Authenticator } from '../../auth/authenticate.js';
import type { JobLeases } from '../../db/job-leases.js';
import type { AuditService } from '../audit/audit.service.js';
import type { Clock } from '../../lib/clock.js';
import type { App } from '../../lib/routes.js';
import type { DomainDirectory } from '../domains/domains.port.js';
import type { ReportSources } from './report-builder.js';
import type { ReportsRepository } from './reports.repository.js';
import { reportsRoutes } from './reports.routes.js';
import { ReportsService } from './reports.service.js';

/** How often a server asks whether the daily reports are due (a cluster makes them once: the lease decides). */
const CHECK_EVERY_MS = 15 * 60_000;
/** The first check, after the start has settled. */
const FIRST_CHECK_MS = 60_000;
const LEASE_MS = 10 * 60_000;

/** Reports: the calls, and the daily schedule (the day before, per building, made once per cluster). */
export function wireReports(
  app: App,
  d: {
    authenticator: Authenticator;
    reports: ReportsRepository;
    schedule: JobLeases;
    domains: DomainDirectory;
    sources: ReportSources;
    faceImage: (detection: string) => string;
    clock: Clock;
    scheduled: boolean;
    audit: Pick<AuditService, 'record'>;
  },
): ReportsService {
  const reports = new ReportsService(d);
  reportsRoutes(app, { authenticator: d.authenticator, reports });
  if (d.scheduled) {
    const holder = `${process.pid}-${Math.random().toString(36).slice(2, 10)}`;
    const run = async () => {
      // Claimed at most once every CHECK_EVERY_MS across the cluster; the run skips reports made already.
      if (!(await d.schedule.claim(holder, d.clock.now(), LEASE_MS, CHECK_EVERY_MS))) return;
      let made = 0;
      try {
        made = await reports.generateScheduled();
        if (made > 0) app.log.info({ made }, 'daily reports made');
      } finally {
        await d.schedule.finish(holder, d.clock.now(), made);
      }
    };
    const tick = () => void run().catch((err: unknown) => app.log.warn({ err }, 'making the daily reports failed'));
    const first = setTimeout(tick, FIRST_CHECK_MS);
    const timer = setInterval(tick, CHECK_EVERY_MS);
    first.unref();
    timer.unref();
    app.addHook('onClose', () => {
      clearTimeout(first);
      clearInterval(timer);
    });
  }
  return reports;
}
