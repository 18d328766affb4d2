import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** The demo buildings and cameras (apps/server/src/demo/seed.ts). */
export const DEMO = {
  maple: '5f0c8a2e-6b1d-4c3e-9a47-0d2b7e1f3a01',
  birch: '8e3d1b7c-2a4f-4e6d-8b19-5c0a9f2e4b02',
  /** Maple Court's exit camera, 'Front Entrance Outdoor' */
  mapleExit: 'c1a00001-0000-4000-8000-00000000a001',
  mapleHallway: 'c1a00001-0000-4000-8000-00000000a003',
  /** Birch House's exit camera, 'Garden Gate Outdoor' */
  birchExit: 'c1a00001-0000-4000-8000-00000000b001',
  birchReception: 'c1a00001-0000-4000-8000-00000000b004',
  /** residents in the faces registry (frontend_face_uuid) */
  margaretHill: 'f0ce0001-0000-4000-8000-00000000a001', // Maple, elopement risk
  walterBrooks: 'f0ce0001-0000-4000-8000-00000000a002', // Maple, elopement risk
  edithShaw: 'f0ce0001-0000-4000-8000-00000000a003', // Maple, no elopement risk
  haroldFinch: 'f0ce0001-0000-4000-8000-00000000b001', // Birch, elopement risk
  /** demo PINs (README): Nora Quinn (nurse@) at Maple Court, Morgan Lee (manager@) in both buildings */
  nursePin: '2468',
  managerPin: '1357',
} as const;

/** The session token of the signed-in page (what the app keeps in localStorage). */
export async function sessionToken(page: Page): Promise<string> {
  const token = await page.evaluate('window.localStorage.getItem("authToken")');
  if (typeof token !== 'string' || token === '') throw new Error('not signed in');
  return token;
}

/** Creates a detector key in a domain as the signed-in user (needs alerting/edit there): what an administrator does once. */
export async function createDetectorKey(
  page: Page,
  domainUuid: string,
  name = `e2e detector ${Date.now()}`,
  purposes: ('analyzer' | 'detector' | 'access_control')[] = ['detector'],
): Promise<string> {
  const token = await sessionToken(page);
  const response = await page.request.post('/api/ingest/v1/detectors', {
    headers: { authorization: `Bearer ${token}` },
    data: { domain_uuid: domainUuid, name, purposes },
  });
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { key: string };
  return body.key;
}

export interface IngestBatch {
  events?: { camera_uuid: string; started_at: string; objects: { name: string; confidence: number }[]; description?: string }[];
  faces?: {
    camera_uuid: string;
    captured_at: string;
    frontend_face_uuid?: string | null;
    confidence: number;
    runtime_face_uuid?: string;
    /** the people it may be, best first (the training tool shows them) */
    candidates?: { frontend_face_uuid: string; confidence: number }[];
    face_height?: number;
    face_confidence?: number;
    /** the face cut from the frame: a JPEG, base64 */
    crop?: string;
    /** little-endian float32 numbers, base64, and what made them */
    embedding?: string;
    embedder?: string;
  }[];
}

/** Sends a batch to the ingest API the way a detector does. */
export async function ingest(request: APIRequestContext, key: string, batch: IngestBatch): Promise<unknown> {
  const response = await request.post('/api/ingest/v1/batch', { headers: { authorization: `Bearer ${key}` }, data: batch });
  expect(response.status(), await response.text()).toBe(200);
  return response.json();
}

export const nowIso = (offsetMs = 0): string => new Date(Date.now() + offsetMs).toISOString();
