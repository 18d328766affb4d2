import { z } from 'zod';
import { uuidSchema } from './common.js';
import { isoUtcSchema } from './video.js';

// Model management (part 2 §2 /staff/train, §3 Model and Model identity, §7 model calls, §8 messages). The paths the
// spec does not show are Vigil's: /api/v1/training/models…, documented in the OpenAPI document.

export const MODEL_MESSAGES = {
  loaded: 'The model was succesfully loaded. Please wait a moment and then refresh the page.',
  loadFailed: 'There was a problem loading the model. Please contact the provider so we can check into it.',
  confirmTraining: 'Are you sure?',
  trainingStarted: 'Training started: the new model appears in the list when it is ready (a few minutes at most).',
  alreadyTraining: 'A training process is already running for this building; wait for it to finish.',
  nothingToTrain: 'There is nothing to train on yet: confirm some detected faces (or add registry photos) first.',
  notReady: 'This model is not ready (it is still training, or its training failed).',
  otherEmbedder: (model: string, now: string) =>
    `The analyzers of this building will not use this model: it was trained on faces embedded by ${model}, and they embed faces with ${now}. Train a new model.`,
} as const;

/** YYYY-MM-DD-HH-mm-ss, UTC (part 2 §3, §9). */
export const modelLabelSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}-\d{2}-\d{2}-\d{2}$/, 'a model label is YYYY-MM-DD-HH-mm-ss (UTC)');

/** A model's label from the moment it was made. */
export function modelLabel(at: number): string {
  return new Date(at).toISOString().slice(0, 19).replace('T', '-').replace(/:/g, '-');
}

/** Part 2 §3 Model, with what Vigil measured on the held-out tags. */
export const modelSchema = z.object({
  uuid: uuidSchema,
  label: modelLabelSchema,
  created_at: isoUtcSchema,
  status: z.enum(['training', 'ready', 'failed']),
  /** 0..1 while training */
  progress: z.number(),
  /** why training failed, or what it is doing */
  message: z.string().nullable(),
  /** fractions, on the held-out tags; null until ready */
  top1_accuracy: z.number().nullable(),
  top5_accuracy: z.number().nullable(),
  /** at the chosen threshold: other people's held-out faces and the hard negatives the model would name */
  false_accept_rate: z.number().nullable(),
  /** the same, on the hard negatives alone ('Not a Face', "not this person") */
  false_accept_rate_negatives: z.number().nullable(),
  /** the confidence from which the model names someone, fitted on the held-out tags */
  threshold: z.number().nullable(),
  num_identities: z.number().int().nullable(),
  num_tags_training: z.number().int().nullable(),
  num_tags_validation: z.number().int().nullable(),
  num_negatives: z.number().int().nullable(),
  /** the embedder whose vectors it was trained on */
  embedder: z.string().nullable(),
});
export type Model = z.infer<typeof modelSchema>;

/** Part 2 §3 Model identity. */
export const modelIdentitySchema = z.object({
  uuid: uuidSchema,
  name: z.string(),
  category: z.string(),
  num_tags_validation: z.number().int(),
  num_tags_training: z.number().int(),
  /** null when the identity had no held-out tag (it could not be measured) */
  f1_score: z.number().nullable(),
});
export type ModelIdentity = z.infer<typeof modelIdentitySchema>;

/** GET /api/v1/training/models?domain_uuid= : newest first. */
export const modelsQuerySchema = z.object({ domain_uuid: uuidSchema });
export const modelsReplySchema = z.object({ ok: z.literal(true), results: z.array(modelSchema) });

/** GET /api/v1/training/models/current?domain_uuid= */
export const currentModelReplySchema = z.object({
  ok: z.literal(true),
  /** the loaded model's label, or null when none is (the registry photos alone, with the default calibration) */
  label: modelLabelSchema.nullable(),
  model: modelSchema.nullable(),
  loaded_at: isoUtcSchema.nullable(),
  /** whether every analyzer working in the building uses it already (they switch within seconds) */
  applied: z.boolean(),
  /** why the analyzers will not use it (they make another embedder's vectors), or null */
  unused: z.string().nullable(),
});
export type CurrentModelReply = z.infer<typeof currentModelReplySchema>;

/** POST /api/v1/training/models/load */
export const loadModelBodySchema = z.object({ domain_uuid: uuidSchema, label: modelLabelSchema });
/** POST /api/v1/training/models/train */
export const trainModelBodySchema = z.object({ domain_uuid: uuidSchema });
export const modelMessageReplySchema = z.object({ ok: z.literal(true), message: z.string() });

/** GET /api/v1/training/models/{label}/identities?domain_uuid= */
export const modelIdentitiesParamsSchema = z.object({ label: modelLabelSchema });
export const modelIdentitiesReplySchema = z.object({ ok: z.literal(true), identities: z.array(modelIdentitySchema) });

/** GET /api/v1/training/progress?domain_uuid= (faces/view_training_progress): the running training, if any. */
export const trainingProgressReplySchema = z.object({
  ok: z.literal(true),
  running: z.boolean(),
  label: modelLabelSchema.nullable(),
  progress: z.number(),
  message: z.string().nullable(),
});
