import {
  createReportBodySchema,
  createReportReplySchema,
  reportParamsSchema,
  reportQuerySchema,
  reportReplySchema,
  reportsQuerySchema,
  reportsReplySchema,
} from '@vigil/contract';
import { z } from 'zod';
import { authenticatedScope, principalOf, type Authenticator } from '../../auth/authenticate.js';
import { replies, type App } from '../../lib/routes.js';
import { REPORT_LIMITS } from './report-limits.js';
import type { ReportsService } from './reports.service.js';

/** Reports (part 2 §7): the list, one report (a table, or &format=csv), and one made on demand. keycard/view_reports. */
export function reportsRoutes(app: App, deps: { authenticator: Authenticator; reports: ReportsService }): void {
  authenticatedScope(app, deps.authenticator, (scope) => {
    const access = { config: { access: { rights: ['keycard/view_reports'] as const } } };
    scope.get(
      '/api/reports/v1/reports',
      {
        ...access,
        schema: {
          tags: ['reports'],
          summary: "A building's reports, newest first (keycard/view_reports)",
          querystring: reportsQuerySchema,
          response: replies(reportsReplySchema),
        },
      },
      (request) => deps.reports.list(principalOf(request), request.query.domain_uuid),
    );
    scope.post(
      '/api/reports/v1/reports',
      {
        // A report reads every tap of its period: a few a minute per user, then 429.
        config: { ...access.config, rateLimit: REPORT_LIMITS.generate },
        schema: {
          tags: ['reports'],
          summary: 'Make a report of a kind over a period now, up to 92 days (keycard/view_reports; 10 a minute per user)',
          body: createReportBodySchema,
          response: replies(createReportReplySchema, [400, 401, 403, 404, 429]),
        },
      },
      (request) => deps.reports.create(principalOf(request), request.body),
    );
    scope.get(
      '/api/reports/v1/reports/:id',
      {
        ...access,
        schema: {
          tags: ['reports'],
          summary: 'One report as a table, or with format=csv as a CSV file (RFC 4180, formulas neutralised) (keycard/view_reports)',
          params: reportParamsSchema,
          querystring: reportQuerySchema,
          response: replies(z.union([reportReplySchema, z.string()]), [400, 401, 403, 404]),
        },
      },
      async (request, reply) => {
        const principal = principalOf(request);
        if (request.query.format === 'json')
          return { ok: true as const, report: await deps.reports.one(principal, request.query.domain_uuid, request.params.id), err: null };
        const { csv, fileName } = await deps.reports.csv(principal, request.query.domain_uuid, request.params.id);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .send(csv);
      },
    );
  });
}
