import type { CameraExitReply } from '@vigil/contract';
import { requireEntitlement, type Principal } from '../../auth/principal.js';
import type { CameraRow } from '../../db/schema.js';
import { notFound } from '../../lib/http-error.js';
import { actorOfPrincipal, type AuditActor, type AuditService } from '../audit/audit.service.js';
import type { CamerasRepository } from './cameras.repository.js';

/**
 * Which cameras are exits (faces of residents at elopement risk seen there raise elopement alerts): set by holders of
 * alerting/edit in the camera's building (PUT /api/v4/cameras/{uuid}/exit) and by the CLI's set-exit, both through
 * here. Each change is audited and announced at once, so the analyzers holding the camera treat its next frame
 * accordingly (their long poll wakes; another process's change is seen by their next look at the database).
 */
export class CameraExitsService {
  constructor(
    private readonly d: {
      cameras: Pick<CamerasRepository, 'findOne' | 'setExit'>;
      audit: AuditService;
      /** wakes the analyzers' long polls in this process */
      changed(): void;
    },
  ) {}

  /**
   * For a signed-in user: alerting/edit in the camera's building (403 without it). A camera deleted, unknown, or of a
   * building the user holds nothing in is 404 alike (the reply says nothing of cameras one cannot see).
   */
  async set(principal: Principal, uuid: string, isExit: boolean): Promise<CameraExitReply> {
    const camera = await this.d.cameras.findOne(uuid);
    const services = camera ? principal.entitlements[camera.domain_uuid] : undefined;
    if (!camera || camera.removed_at !== null || !services || Object.keys(services).length === 0) throw notFound('No such camera.');
    requireEntitlement(principal, camera.domain_uuid, 'alerting', 'edit');
    return this.change(actorOfPrincipal(principal), camera, isExit);
  }

  /** For the administration CLI (it runs on the server): any camera in service, audited with the shell's address. */
  async setAsOperator(actor: AuditActor, uuid: string, isExit: boolean): Promise<CameraExitReply> {
    const camera = await this.d.cameras.findOne(uuid);
    if (!camera || camera.removed_at !== null) throw notFound('No such camera.');
    return this.change(actor, camera, isExit);
  }

  /** Only a change is audited and announced: setting what already is answers `changed: false` and records nothing. */
  private async change(actor: AuditActor, camera: CameraRow, isExit: boolean): Promise<CameraExitReply> {
    const changed = await this.d.cameras.setExit(camera.uuid, isExit);
    if (changed) {
      this.d.changed();
      await this.d.audit.record(actor, {
        action: 'changed_camera',
        domain: camera.domain_uuid,
        camera: camera.uuid,
        detail: { change: 'exit', is_exit: isExit },
      });
    } else if ((await this.d.cameras.findOne(camera.uuid))?.removed_at !== null) {
      // deleted between the read and the write
      throw notFound('No such camera.');
    }
    return { ok: true, camera: { uuid: camera.uuid, name: camera.description, is_exit: isExit }, changed };
  }
}
