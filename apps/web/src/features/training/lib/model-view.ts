import {
  f1Colour,
  formatPercent,
  hasOperation,
  isWellTrained,
  type CurrentModelReply,
  type Model,
  type ModelIdentity,
  type ServiceMap,
  type trainingProgressReplySchema,
} from '@vigil/contract';
import type { z } from 'zod';

export type TrainingProgress = z.infer<typeof trainingProgressReplySchema>;

/** What /staff/train says (part 2 §2, §8); the contract's MODEL_MESSAGES hold the texts the server shares. */
export const MODEL_TEXTS = {
  title: 'Manage Faces System',
  warning:
    'Changes here affect how every camera in this building recognises people: loading another model or training a new one could cause detection errors.',
  noCurrent: 'No current model is selected.',
  notFound: (label: string) => `The current model (${label}) was not found.`,
  current: (label: string, date: string) => `Current model: ${label} (created ${date})`,
  notApplied: 'The cameras are still switching to this model. Please wait a moment and then refresh the page.',
  missingTrainModel: 'You need the faces/train_model operation to manage models.',
  empty: 'No models yet.',
  newTraining: 'New Training Process',
  load: 'Load',
  details: (label: string) => `Model details ${label}`,
  dateCreated: 'Date created',
  cancel: 'cancel',
  loadModel: 'load model',
  needsTraining: 'Needs Training',
  noIdentities: 'This model has no identities.',
} as const;

const NONE = '—';
const LABEL = /^(\d{4})-(\d{2})-(\d{2})-(\d{2})-(\d{2})-(\d{2})$/;

/** The instant a model label (YYYY-MM-DD-HH-mm-ss, UTC) names; NaN for anything else. */
export function modelLabelTime(label: string): number {
  const parts = LABEL.exec(label)?.slice(1).map(Number);
  if (!parts) return Number.NaN;
  const [year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0] = parts;
  return Date.UTC(year, month - 1, day, hour, minute, second);
}

/** A model's creation date for people, in the browser's locale and zone unless told (tests pin both). */
export function formatModelDate(label: string, format: { locale?: string; timeZone?: string } = {}): string {
  const time = modelLabelTime(label);
  if (Number.isNaN(time)) return label;
  return new Intl.DateTimeFormat(format.locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: format.timeZone }).format(time);
}

/** Top-1, top-5 and the false accept rate: two decimals (part 2 §9); a dash until the model is measured. */
export const percentText = (fraction: number | null): string => (fraction === null ? NONE : formatPercent(fraction));

/** The confidence from which the model names someone. */
export const thresholdText = (threshold: number | null): string => (threshold === null ? NONE : threshold.toFixed(2));

/** 0..1 as a whole percentage, for progress bars. */
export const progressPercent = (progress: number): number => Math.round(Math.min(1, Math.max(0, progress)) * 100);

export interface ModelStatusView {
  label: 'Ready' | 'Training' | 'Failed';
  colour: 'green' | 'blue' | 'red';
  /** 0..100 while training */
  percent: number | null;
  detail: string | null;
}

export function modelStatus(model: Model): ModelStatusView {
  if (model.status === 'training')
    return { label: 'Training', colour: 'blue', percent: progressPercent(model.progress), detail: model.message };
  if (model.status === 'failed') return { label: 'Failed', colour: 'red', percent: null, detail: model.message ?? 'Training failed.' };
  return { label: 'Ready', colour: 'green', percent: null, detail: null };
}

/** The list with the running training's latest progress, which is polled more often than the list. */
export function withTrainingProgress(models: readonly Model[], progress: TrainingProgress | undefined): Model[] {
  if (!progress?.running || progress.label === null) return [...models];
  return models.map((model) =>
    model.label === progress.label && model.status === 'training'
      ? { ...model, progress: progress.progress, message: progress.message ?? model.message }
      : model,
  );
}

/** Load is hidden for the current model (part 2 §2) and offered only for a ready one. */
export function loadAction(model: Model, currentLabel: string | null): 'hidden' | 'disabled' | 'enabled' {
  if (model.label === currentLabel) return 'hidden';
  return model.status === 'ready' ? 'enabled' : 'disabled';
}

export interface CurrentModelView {
  text: string;
  /** a model was loaded and not every analyzer uses it yet (part 2 §4) */
  waiting: boolean;
  /** why the analyzers will not use it (another embedder's vectors), instead of asking to wait */
  unused: string | null;
}

/** The header: the current model's creation date, or that none is selected or found. */
export function currentModelView(reply: CurrentModelReply, format?: { locale?: string; timeZone?: string }): CurrentModelView {
  if (reply.label === null) return { text: MODEL_TEXTS.noCurrent, waiting: false, unused: null };
  const text =
    reply.model === null ? MODEL_TEXTS.notFound(reply.label) : MODEL_TEXTS.current(reply.label, formatModelDate(reply.label, format));
  return { text, waiting: !reply.applied && reply.unused === null, unused: reply.unused };
}

export interface IdentityView {
  uuid: string;
  name: string;
  category: string;
  /** 'validation/training' (part 2 §2) */
  tags: string;
  f1: { percent: number; text: string; colour: 'green' | 'yellow' | 'red' } | null;
  needsTraining: boolean;
}

export function identityView(identity: ModelIdentity): IdentityView {
  const f1 = identity.f1_score;
  return {
    uuid: identity.uuid,
    name: identity.name,
    category: identity.category,
    tags: `${identity.num_tags_validation}/${identity.num_tags_training}`,
    f1: f1 === null ? null : { percent: progressPercent(f1), text: f1.toFixed(2), colour: f1Colour(f1) },
    needsTraining: !isWellTrained({ f1_score: f1, images_tagged: identity.num_tags_training + identity.num_tags_validation }),
  };
}

/** Part 2 §6 and DECISIONS.md /staff/train: the route needs manage_model; the page's content needs train_model too. */
export function modelAccess(services: ServiceMap | undefined) {
  return {
    canTrain: hasOperation(services, 'faces', 'train_model'),
    canViewProgress: hasOperation(services, 'faces', 'view_training_progress'),
  };
}
