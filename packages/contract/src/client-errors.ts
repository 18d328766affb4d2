import { z } from 'zod';

/**
 * What the browser reports when something fails that the user may only see as "it did not work" (spec part 1 §7,
 * §8: network failures and player errors are "sent to analytics"): Vigil keeps them itself and staff read them.
 */
export const CLIENT_ERROR_KINDS = ['network', 'player', 'live', 'script'] as const;
export const clientErrorKindSchema = z.enum(CLIENT_ERROR_KINDS);
export type ClientErrorKind = z.infer<typeof clientErrorKindSchema>;

/** POST /api/v1/client_errors */
export const clientErrorReportSchema = z.object({
  kind: clientErrorKindSchema,
  message: z.string().trim().min(1).max(2000),
  /** the app's path when it happened (no query or hash: those may carry tokens) */
  page: z.string().max(500),
  detail: z.string().max(4000).optional(),
});
export type ClientErrorReport = z.infer<typeof clientErrorReportSchema>;
export const clientErrorReportReplySchema = z.object({ ok: z.literal(true) });

export const clientErrorSchema = clientErrorReportSchema.extend({
  id: z.string(),
  at: z.iso.datetime(),
  user_email: z.string().nullable(),
  user_agent: z.string().nullable(),
});
export type ClientError = z.infer<typeof clientErrorSchema>;

/** GET /api/v1/client_errors: the newest first (staff, staff/diagnostic_export in any building). */
export const clientErrorsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export const clientErrorsReplySchema = z.object({ ok: z.literal(true), errors: z.array(clientErrorSchema) });
export type ClientErrorsReply = z.infer<typeof clientErrorsReplySchema>;

/** How long reports are kept, and how many a user may send per minute before 429. */
export const CLIENT_ERRORS = { keepDays: 30, perUserPerMinute: 30 } as const;

/**
 * Takes out of a text what must not be stored or shown: passwords in URLs (`user:pass@`), and the query and hash of
 * URLs (signatures of media links, tokens in socket and sign-in URLs). Keeps the rest readable.
 */
export function redactSecrets(text: string): string {
  return text
    .replace(/\b([a-z][a-z0-9+.-]*:\/\/)[^\s/@:]+:[^\s/@]*@/gi, '$1***:***@')
    .replace(/\b([a-z][a-z0-9+.-]*:\/\/[^\s?#]*)[?#][^\s)"']*/gi, '$1?…')
    .replace(/(^|[\s("'])(\/[^\s?#]*)[?#][^\s)"']*/g, '$1$2?…')
    .replace(/\b(Bearer\s+)[\w.~+/-]+=*/gi, '$1…');
}
