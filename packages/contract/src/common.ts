import { z } from 'zod';

/** Services and operations of spec part 1 §3: the vocabulary of every entitlement check. */
export const SERVICES = ['alerting', 'faces', 'identity', 'keycard', 'staff', 'video', 'account'] as const;
export const OPERATIONS = [
  'administer_user_pin',
  'add',
  'create',
  'delete',
  'diagnostic_export',
  'edit',
  'find_all',
  'feature_flags',
  'find_resident',
  'manage_model',
  'merge',
  'pin_dismiss_alert',
  'receive_er_alerts',
  'receive_live',
  'set_dismiss_pin',
  'snooze',
  'train_model',
  'view_all',
  'view_audit',
  'view_env_info',
  'view_expanded_histogram',
  'view_f1_score',
  'view_git_info',
  'view_historic',
  'view_internal_links',
  'view_live',
  'view_training_progress',
  'view_reports',
] as const;

export const serviceSchema = z.enum(SERVICES);
export const operationSchema = z.enum(OPERATIONS);
export type Service = z.infer<typeof serviceSchema>;
export type Operation = z.infer<typeof operationSchema>;

export const uuidSchema = z.uuid();

/** The shape of every refused request: a status and a message a person can read. */
export const errorReplySchema = z.object({
  ok: z.literal(false),
  statusCode: z.number().int(),
  error: z.string(),
});
export type ErrorReply = z.infer<typeof errorReplySchema>;

export const okReplySchema = z.object({ ok: z.literal(true) });

// Half of a UTF-16 pair without its other half: UTF-8, and so the database, cannot hold it.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const UNSTORABLE = new RegExp(`${LONE_SURROGATE.source}|\\u0000`, 'g');

/** Whether the database stores a text exactly as sent: no lone surrogate (kept as U+FFFD) and no NUL (PostgreSQL refuses it). */
export const isStorableText = (text: string): boolean => !LONE_SURROGATE.test(text) && !text.includes('\u0000');

/** The text as Vigil stores it: each lone surrogate and NUL as U+FFFD, the same on every engine. */
export const storedText = (text: string): string => text.replace(UNSTORABLE, '\uFFFD');

/**
 * Text that machines send and the database keeps and compares (ids, names): refused unless stored exactly as sent, so
 * a retried request finds what it stored the first time.
 */
export const storableText = (schema: z.ZodString = z.string()) =>
  schema.refine(isStorableText, 'must be well-formed text: no lone surrogate (half of a UTF-16 pair) and no NUL character');
