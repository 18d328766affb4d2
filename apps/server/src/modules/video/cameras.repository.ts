import type { Db } from '../../db/database.js';
import type { CameraRow, NewCamera } from '../../db/schema.js';

export class CamerasRepository {
  constructor(private readonly db: Db) {}

  findOne(uuid: string): Promise<CameraRow | undefined> {
    return this.db.selectFrom('cameras').selectAll().where('uuid', '=', uuid).executeTakeFirst();
  }

  all(): Promise<CameraRow[]> {
    return this.db.selectFrom('cameras').selectAll().execute();
  }

  inDomain(domainUuid: string): Promise<CameraRow[]> {
    return this.db.selectFrom('cameras').selectAll().where('domain_uuid', '=', domainUuid).execute();
  }

  async insertMany(cameras: NewCamera[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      for (const camera of cameras) await trx.insertInto('cameras').values(camera).execute();
    });
  }

  async update(
    uuid: string,
    changes: Partial<Pick<CameraRow, 'description' | 'floor' | 'protocol' | 'host' | 'port' | 'path' | 'username' | 'password'>>,
  ): Promise<void> {
    await this.db.updateTable('cameras').set(changes).where('uuid', '=', uuid).execute();
  }

  /** Marks a camera as an exit (or not): faces of residents at elopement risk seen there raise alerts. False when there is no such camera. */
  async setExit(uuid: string, exit: boolean): Promise<boolean> {
    const result = await this.db
      .updateTable('cameras')
      .set({ is_exit: exit ? 1 : 0 })
      .where('uuid', '=', uuid)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Seals the passwords stored in clear (before they were kept encrypted); returns how many. */
  async sealPlainPasswords(isSealed: (stored: string) => boolean, seal: (plain: string) => string): Promise<number> {
    const plain = (await this.db.selectFrom('cameras').select(['uuid', 'password']).where('password', 'is not', null).execute()).filter(
      (c) => !isSealed(c.password!),
    );
    await this.db.transaction().execute(async (trx) => {
      for (const camera of plain)
        await trx
          .updateTable('cameras')
          .set({ password: seal(camera.password!) })
          .where('uuid', '=', camera.uuid)
          .execute();
    });
    return plain.length;
  }

  /** Points the demo cameras at the simulated RTSP server's port of this run. */
  async moveDemoCameras(port: number): Promise<void> {
    await this.db.updateTable('cameras').set({ port }).where('host', '=', '127.0.0.1').where('path', 'like', '/demo/%').execute();
  }
}
