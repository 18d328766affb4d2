import { REPORTS } from '@vigil/contract';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/http-error.js';

/**
 * A route's limit of `max` requests a minute per signed-in user (@fastify/rate-limit), then 429 saying what was asked
 * too often and when to try again; `counts` picks the requests the limit applies to (all by default).
 */
function perUser(name: string, max: number, what: string, counts?: (request: FastifyRequest) => boolean) {
  return {
    max,
    timeWindow: REPORTS.limits.windowMs,
    keyGenerator: (request: FastifyRequest) => `${name}:${request.principal?.user.id ?? request.ip}`,
    ...(counts && { allowList: (request: FastifyRequest) => !counts(request) }),
    errorResponseBuilder: (_request: FastifyRequest, context: { max: number; ttl: number }) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return new HttpError(
        429,
        `Too many ${what} asked for: at most ${context.max} a minute each. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
      );
    },
  };
}

/** Reports take the database (a 92-day report reads every tap of the period) and ffmpeg (a PDF's door crops). */
export const REPORT_LIMITS = {
  /** POST /api/reports/v1/reports */
  generate: perUser('report', REPORTS.limits.generatePerUser, 'reports'),
  /** the tenant and unit PDFs of GET /api/faces/v1/credentials/report (the table is not limited) */
  pdf: perUser(
    'report-pdf',
    REPORTS.limits.pdfPerUser,
    'PDF reports',
    (request) => (request.query as { format?: unknown } | undefined)?.format === 'pdf',
  ),
};
