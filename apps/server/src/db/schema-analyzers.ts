import type { Selectable } from 'kysely';

/** Detectors and analyzers: their keys, processes, camera leases and reports (times in epoch ms, as in schema.ts). */

export interface DetectorTable {
  id: string;
  domain_uuid: string;
  name: string;
  key_hash: string;
  key_prefix: string;
  created_by: string | null;
  created_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
  /** set when the row stands for a deployment key in this building */
  deployment_key_id: string | null;
  /** comma-separated KEY_PURPOSES (a deployment key's row: the key's) */
  purposes: string;
  /** 'chosen' when the key was made, 'inferred' on upgrade from its use before purposes existed */
  purposes_origin: string;
}

/** A key that lets an analyzer (or another detector) serve every building. */
export interface DeploymentKeyTable {
  id: string;
  name: string;
  key_hash: string;
  key_prefix: string;
  created_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
  purposes: string;
  purposes_origin: string;
}

/** An analyzer process as it last reported. key_id: the detector or deployment key it authenticates with. */
export interface AnalyzerTable {
  id: string;
  name: string;
  key_id: string;
  capacity: number;
  first_seen_at: number;
  last_seen_at: number;
}

export interface AnalyzerLeaseTable {
  camera_uuid: string;
  analyzer_id: string;
  /** names the lease in its live URL; a new lease (another analyzer) gets a new one */
  lease_id: string;
  acquired_at: number;
  expires_at: number;
}

/** report: JSON of AnalyzerCameraReport without camera_uuid */
export interface CameraAnalysisTable {
  camera_uuid: string;
  analyzer_id: string;
  report: string;
  reported_at: number;
}

export type DetectorRow = Selectable<DetectorTable>;
export type DeploymentKeyRow = Selectable<DeploymentKeyTable>;
export type AnalyzerRow = Selectable<AnalyzerTable>;
export type AnalyzerLeaseRow = Selectable<AnalyzerLeaseTable>;
