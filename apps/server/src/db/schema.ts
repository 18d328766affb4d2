import type { Insertable, Selectable } from 'kysely';

/** Times are epoch milliseconds (bigint on PostgreSQL, integer on SQLite); JSON is stored as text. */
export interface DomainTable {
  uuid: string;
  description: string;
  preferences: string;
  timezone: string;
  geoloc: string | null;
  created_at: number;
}

export interface CameraTable {
  uuid: string;
  domain_uuid: string;
  description: string;
  floor: number | null;
  label: string | null;
  protocol: string;
  host: string;
  port: number;
  path: string;
  username: string | null;
  password: string | null;
  created_at: number;
}

export interface UserTable {
  id: string;
  email: string;
  display_name: string;
  created_at: number;
}

export interface RoleTable {
  name: string;
  description: string;
}

export interface RoleOperationTable {
  role: string;
  service: string;
  operation: string;
}

export interface UserRoleTable {
  user_id: string;
  domain_uuid: string;
  role: string;
}

export interface SessionTable {
  token_hash: string;
  user_id: string;
  created_at: number;
  expires_at: number;
}

export interface UsedNonceTable {
  nonce_hash: string;
  expires_at: number;
}

export interface PinTable {
  user_id: string;
  domain_uuid: string;
  pin_hash: string;
  updated_at: number;
}

export interface PinAttemptTable {
  id: string;
  user_id: string;
  domain_uuid: string;
  kind: string;
  ok: number;
  at: number;
}

export interface OidcPayloadTable {
  model: string;
  id: string;
  payload: string;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  expires_at: number | null;
  consumed_at: number | null;
}

export interface ClipTable {
  camera_uuid: string;
  start_ms: number;
  duration_ms: number;
  size_bytes: number;
  file: string;
  created_at: number;
}

export interface LiveLeaseTable {
  id_hash: string;
  camera_uuid: string;
  user_id: string;
  expires_at: number;
}

export interface Database {
  domains: DomainTable;
  cameras: CameraTable;
  users: UserTable;
  roles: RoleTable;
  role_operations: RoleOperationTable;
  user_roles: UserRoleTable;
  sessions: SessionTable;
  used_nonces: UsedNonceTable;
  pins: PinTable;
  pin_attempts: PinAttemptTable;
  oidc_payloads: OidcPayloadTable;
  clips: ClipTable;
  live_leases: LiveLeaseTable;
}

export type ClipRow = Selectable<ClipTable>;

export type DomainRow = Selectable<DomainTable>;
export type CameraRow = Selectable<CameraTable>;
export type NewCamera = Insertable<CameraTable>;
export type UserRow = Selectable<UserTable>;
