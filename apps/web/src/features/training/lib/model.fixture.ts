import type { CurrentModelReply, Model, ModelIdentity } from '@vigil/contract';

/** Test data for model management: uuids end in `id`. */
export const modelUuid = (id: string): string => `30de1000-0000-4000-8000-${id.padStart(12, '0')}`;
export const identityUuid = (id: string): string => `1de00000-0000-4000-8000-${id.padStart(12, '0')}`;

/** A ready model made at `label` (UTC), with figures measured on its held-out tags. */
export function modelFixture(id: string, label: string, overrides: Partial<Model> = {}): Model {
  const [date = '', hh = '00', mm = '00', ss = '00'] = [label.slice(0, 10), ...label.slice(11).split('-')];
  return {
    uuid: modelUuid(id),
    label,
    created_at: `${date}T${hh}:${mm}:${ss}Z`,
    status: 'ready',
    progress: 1,
    message: null,
    top1_accuracy: 0.93456,
    top5_accuracy: 0.991,
    false_accept_rate: 0.0123,
    false_accept_rate_negatives: 0.02,
    threshold: 0.62,
    num_identities: 3,
    num_tags_training: 120,
    num_tags_validation: 30,
    num_negatives: 12,
    embedder: 'facenet-512',
    ...overrides,
  };
}

/** A model still training, `progress` of the way. */
export function trainingModelFixture(
  id: string,
  label: string,
  progress: number,
  message: string | null = 'Fitting the classifier',
): Model {
  return modelFixture(id, label, {
    status: 'training',
    progress,
    message,
    top1_accuracy: null,
    top5_accuracy: null,
    false_accept_rate: null,
    false_accept_rate_negatives: null,
    threshold: null,
  });
}

export function identityFixture(id: string, name: string, overrides: Partial<ModelIdentity> = {}): ModelIdentity {
  return {
    uuid: identityUuid(id),
    name,
    category: 'resident',
    num_tags_validation: 5,
    num_tags_training: 20,
    f1_score: 0.9,
    ...overrides,
  };
}

export function currentReply(model: Model | null, overrides: Partial<CurrentModelReply> = {}): CurrentModelReply {
  return {
    ok: true,
    label: model?.label ?? null,
    model,
    loaded_at: model ? '2026-11-20T10:00:00Z' : null,
    applied: true,
    unused: null,
    ...overrides,
  };
}
