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
