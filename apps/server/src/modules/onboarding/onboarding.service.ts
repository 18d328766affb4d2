import { randomUUID } from 'node:crypto';
import { CLIP_STORAGE, DEFAULT_RTSP_PORT, deriveCameraFloor, isNauticalZone, isUuid, type domainNewBodySchema } from '@vigil/contract';
import type { z } from 'zod';
import type { Principal } from '../../auth/principal.js';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { HttpError, badRequest, forbidden } from '../../lib/http-error.js';
import type { NewBuilding, NewCameraStream, OnboardingRepository } from './onboarding.repository.js';

export type DomainNewPayload = z.output<typeof domainNewBodySchema>;

export interface OnboardingDeps {
  /** starts the building's transaction, which this service owns */
  db: Db;
  repository: OnboardingRepository;
  clock: Clock;
  /** whether a camera host is on a network cameras may use (VIGIL_CAMERA_NETWORKS) */
  hostAllowed(host: string): Promise<boolean>;
  sealPassword(plain: string): string;
  /** the cameras changed: recorders start on the new ones (and the analyzers get them through their leases) */
  camerasChanged(): Promise<void>;
}

/** A time zone a building can be in: one the runtime knows, not a nautical Etc/ zone. */
export function isBuildingTimeZone(zone: string): boolean {
  if (isNauticalZone(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The recorder opens the high stream when there is one, else the low one. */
const recordedQuality = (streams: DomainNewPayload['streams'], camera: string): 'high' | 'low' =>
  streams.some((s) => s.id === camera && s.quality === 'high') ? 'high' : 'low';

/** Building onboarding (spec part 1 §2, §7 POST /api/v1/domain/new): a new building with cameras that record at once. */
export class OnboardingService {
  constructor(private readonly d: OnboardingDeps) {}

  /**
   * Staff who onboard (the route lets only holders of the staff service in) get, in the new building, the roles that
   * let them onboard (those carrying the staff service).
   */
  async createForStaff(principal: Principal, payload: DomainNewPayload) {
    const roles = await this.d.repository.staffRolesOf(principal.user.id);
    // An exit raises elopement alerts: marking one takes alerting/edit in the new building, as everywhere else.
    if (payload.cameras.some((c) => c.is_exit) && !(await this.d.repository.rolesHold(roles, 'alerting', 'edit')))
      throw forbidden('You do not have alerting/edit access in this domain: a camera cannot be marked an exit.');
    return this.create(
      payload,
      roles.map((role) => ({ user_id: principal.user.id, role })),
    );
  }

  /** Validates what the schema cannot (time zone, camera networks, names taken) and writes it all in one transaction. */
  async create(payload: DomainNewPayload, grants: NewBuilding['grants']) {
    if (!isBuildingTimeZone(payload.timezone)) throw badRequest(`timezone: "${payload.timezone}" is not the time zone of a place on land.`);
    for (const [i, camera] of payload.cameras.entries())
      if (!(await this.d.hostAllowed(camera.address)))
        throw badRequest(`cameras[${i}].address: ${camera.address} is not on a network cameras may use here (VIGIL_CAMERA_NETWORKS).`);
    const now = this.d.clock.now();
    const domainUuid = randomUUID();
    const recorded = new Map(payload.cameras.map((c) => [c.id, recordedQuality(payload.streams, c.id)]));
    // The payload's ids tie streams to cameras; a camera's uuid is its id when that is a uuid, else a new one.
    const uuidOf = new Map(payload.cameras.map((c) => [c.id, isUuid(c.id) ? c.id : randomUUID()]));
    const cameras = payload.cameras.map((c) => {
      const quality = recorded.get(c.id)!;
      const url = new URL(payload.streams.find((s) => s.id === c.id && s.quality === quality)!.videoURL);
      return {
        uuid: uuidOf.get(c.id)!,
        domain_uuid: domainUuid,
        description: c.cameraDescription,
        floor: deriveCameraFloor(c.cameraDescription),
        label: null,
        protocol: url.protocol === 'rtsps:' ? 'rtsps' : 'rtsp',
        host: c.address,
        port: c.port ?? DEFAULT_RTSP_PORT,
        path: `${url.pathname}${url.search}`,
        username: c.username || null,
        password: c.password ? this.d.sealPassword(c.password) : null,
        created_at: now,
        manufacturer: c.manufacturer,
        connection: c.type,
        gpu: c.gpu,
        channel: c.channelNumber,
        camera_number: c.fname,
        admin_url: c.features.adminURL || null,
        alerting: JSON.stringify(c.alerting),
        is_exit: c.is_exit ? 1 : 0,
      };
    });
    const streams: NewCameraStream[] = payload.streams.map((s) => ({
      camera_uuid: uuidOf.get(s.id)!,
      quality: s.quality,
      video_url: s.videoURL,
      clip_storage: s.clipStorage || CLIP_STORAGE,
      snapshot_target: s.snapshotTarget,
      recorded: recorded.get(s.id) === s.quality ? 1 : 0,
    }));
    const building: NewBuilding = {
      domain: {
        uuid: domainUuid,
        description: payload.description,
        fname: payload.fname,
        management_group: payload.group || null,
        address: payload.address ?? null,
        timezone: payload.timezone,
        geoloc: payload.geoloc.replace(/\s+/g, ''),
        preferences: '{}',
        created_at: now,
      },
      cameras,
      streams,
      grants,
    };
    const conflict = await this.d.db.transaction().execute((trx) => this.d.repository.create(trx, building));
    if (conflict?.conflict === 'fname')
      throw new HttpError(409, `fname: a building with the short name "${conflict.value}" exists already.`);
    if (conflict) throw new HttpError(409, `cameras: a camera with id ${conflict.value} exists already.`);
    await this.d.camerasChanged();
    return {
      ok: true as const,
      domain: { uuid: domainUuid, description: payload.description, fname: payload.fname, timezone: payload.timezone },
      cameras: payload.cameras.map((c, i) => ({ id: c.id, uuid: cameras[i]!.uuid, name: cameras[i]!.description, is_exit: c.is_exit })),
    };
  }
}
