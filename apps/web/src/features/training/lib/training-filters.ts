import {
  CONFIDENCE_PREDICATES,
  DEFAULT_TRAINING_FILTERS,
  TRAINING,
  TRAINING_API,
  cleanPersonFilter,
  isFaceId,
  uuidSchema,
  type FacesDetectedRequest,
  type TrainingFilters,
} from '@vigil/contract';
import { STORAGE_KEYS, readJson, writeJson } from '../../../lib/storage-keys';

// The training filters as the browser keeps them (part 2 §3 Training filters): in localStorage, one set per building, so
// a camera or person of one building never filters another's list.

const isUuid = (value: unknown): value is string => uuidSchema.safeParse(value).success;
const isInstant = (value: unknown): value is string => typeof value === 'string' && !Number.isNaN(Date.parse(value));
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Reads stored filters leniently: a field that is missing or unreadable falls back to its default. */
export function parseTrainingFilters(raw: unknown): TrainingFilters {
  if (!isRecord(raw)) return { ...DEFAULT_TRAINING_FILTERS };
  const predicate = CONFIDENCE_PREDICATES.find((p) => p === raw.confidencePredicate);
  const confidence = typeof raw.confidence === 'number' && raw.confidence >= 0 && raw.confidence <= 1 ? raw.confidence : null;
  const height = typeof raw.faceHeight === 'number' && Number.isInteger(raw.faceHeight) && raw.faceHeight > 0 ? raw.faceHeight : 0;
  return {
    date: isInstant(raw.date) ? raw.date : null,
    cameraUUID: isUuid(raw.cameraUUID) ? raw.cameraUUID : null,
    faceHeight: height,
    faceUUIDs: Array.isArray(raw.faceUUIDs) ? [...new Set(cleanPersonFilter(raw.faceUUIDs).filter(isUuid))] : [],
    confidence,
    confidencePredicate: predicate ?? DEFAULT_TRAINING_FILTERS.confidencePredicate,
    shapesOnFaces: raw.shapesOnFaces === true,
    clahe: raw.clahe === true,
  };
}

export function loadTrainingFilters(domainId: string): TrainingFilters {
  const stored = readJson(STORAGE_KEYS.trainingFilters);
  return parseTrainingFilters(isRecord(stored) ? stored[domainId] : undefined);
}

export function saveTrainingFilters(domainId: string, filters: TrainingFilters): void {
  const stored = readJson(STORAGE_KEYS.trainingFilters);
  writeJson(STORAGE_KEYS.trainingFilters, { ...(isRecord(stored) ? stored : {}), [domainId]: filters });
}

/** /detected/{faceId}: the list starts filtered to that person (a face id that fails the format check is ignored). */
export function startingFilters(stored: TrainingFilters, routeFaceId: string | undefined): TrainingFilters {
  return isFaceId(routeFaceId) ? { ...stored, faceUUIDs: [routeFaceId] } : stored;
}

/** With the new training filters flag off only the older form's camera and person apply; nothing hidden filters the list. */
export function simpleFormFilters(filters: TrainingFilters): TrainingFilters {
  return { ...DEFAULT_TRAINING_FILTERS, cameraUUID: filters.cameraUUID, faceUUIDs: filters.faceUUIDs.slice(0, 1) };
}

/** The detections search (part 2 §7) for the filters; a camera that is no longer the building's is dropped. */
export function detectionsRequest(domainId: string, filters: TrainingFilters, cameraIds: readonly string[]): FacesDetectedRequest {
  const camera = filters.cameraUUID && cameraIds.includes(filters.cameraUUID) ? filters.cameraUUID : null;
  return {
    domain_uuid: domainId,
    face_uuids: cleanPersonFilter(filters.faceUUIDs).slice(0, TRAINING_API.maxFilterIds),
    min_face_height: filters.faceHeight,
    limit: TRAINING.pageSize,
    camera_uuids: camera ? [camera] : [],
    confidence_operator: filters.confidencePredicate,
    confidence: filters.confidence,
    shapes: filters.shapesOnFaces,
    clahe: filters.clahe,
    before: filters.date,
  };
}
