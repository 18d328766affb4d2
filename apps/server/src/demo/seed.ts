import { OPERATIONS, SERVICES, deriveCameraFloor, pinDigest, type Operation, type Service } from '@vigil/contract';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { storedPinHash } from '../modules/pins/pins.service.js';
import type { DemoAccount } from '../auth/sign-in-page.js';
import type { Config } from '../config.js';
import type { DatabaseHandle, Db } from '../db/database.js';
import type { Clock } from '../lib/clock.js';
import { MediaStore } from '../media/media-store.js';
import type { AccessRepository, RoleDefinition } from '../modules/auth/access.repository.js';
import { registryWriterFor } from '../modules/faces/faces.wiring.js';
import type { RegistryWriter } from '../modules/faces/registry-writer.js';
import { createRepositories } from '../repositories.js';
import { DEMO_PEOPLE, type DemoDomain, type DemoPerson, type DemoPhoto } from './people.js';

export { DEMO_PEOPLE, type DemoPerson, type DemoPhoto };

export const DEMO_DOMAINS = {
  maple: {
    uuid: '5f0c8a2e-6b1d-4c3e-9a47-0d2b7e1f3a01',
    description: 'Maple Court',
    fname: 'maple-court',
    timezone: 'America/New_York',
    geoloc: '40.7484,-73.9857',
    // Maple Court's alerts page shows elopement alerts; Birch House keeps the default object feed.
    preferences: '{"alerts_source":"faces_elopement_alerts"}',
  },
  birch: {
    uuid: '8e3d1b7c-2a4f-4e6d-8b19-5c0a9f2e4b02',
    description: 'Birch House',
    fname: 'birch-house',
    timezone: 'America/Chicago',
    geoloc: '41.8781,-87.6298',
    preferences: '{}',
  },
} as const satisfies Record<DemoDomain, unknown>;

/** Cameras at a way out: a face of a resident at elopement risk seen there raises an elopement alert. */
export const DEMO_EXIT_CAMERAS = ['c1a00001-0000-4000-8000-00000000a001', 'c1a00001-0000-4000-8000-00000000b001'] as const;

/** Demo dismissal PINs (README): who, where, which PIN. */
export const DEMO_PINS = [
  { email: 'nurse@maple.example', domain: 'maple', pin: '2468' },
  { email: 'manager@maple.example', domain: 'maple', pin: '1357' },
  { email: 'manager@maple.example', domain: 'birch', pin: '1357' },
] as const;

/** Descriptions chosen so that every camera category of spec part 1 §3 appears. */
export const DEMO_CAMERAS: { uuid: string; domain: keyof typeof DEMO_DOMAINS; description: string }[] = [
  { uuid: 'c1a00001-0000-4000-8000-00000000a001', domain: 'maple', description: 'Front Entrance Outdoor' },
  { uuid: 'c1a00001-0000-4000-8000-00000000a002', domain: 'maple', description: 'Stairwell A Floor 2' },
  { uuid: 'c1a00001-0000-4000-8000-00000000a003', domain: 'maple', description: 'Hallway Floor 1 East' },
  { uuid: 'c1a00001-0000-4000-8000-00000000a004', domain: 'maple', description: 'Elevator Car 1' },
  { uuid: 'c1a00001-0000-4000-8000-00000000a005', domain: 'maple', description: 'Elevator Banks Lobby Floor 1' },
  { uuid: 'c1a00001-0000-4000-8000-00000000a006', domain: 'maple', description: 'North Wing Lounge' },
  { uuid: 'c1a00001-0000-4000-8000-00000000a007', domain: 'maple', description: 'Dining Room' },
  { uuid: 'c1a00001-0000-4000-8000-00000000b001', domain: 'birch', description: 'Garden Gate Outdoor' },
  { uuid: 'c1a00001-0000-4000-8000-00000000b002', domain: 'birch', description: 'Stairwell B Floor 3' },
  { uuid: 'c1a00001-0000-4000-8000-00000000b003', domain: 'birch', description: 'West Wing Nurse Station' },
  { uuid: 'c1a00001-0000-4000-8000-00000000b004', domain: 'birch', description: 'Reception' },
];

const ALL_OPERATIONS: Partial<Record<Service, readonly Operation[]>> = Object.fromEntries(SERVICES.map((s) => [s, OPERATIONS]));

export const DEMO_ROLES: RoleDefinition[] = [
  { name: 'staff-admin', description: 'Internal staff: every service and operation', operations: ALL_OPERATIONS },
  {
    name: 'facility-manager',
    description: 'Facility manager: every facility area with its management operations',
    operations: {
      video: ['view_live', 'view_historic', 'receive_live', 'add', 'edit', 'delete', 'find_all', 'view_all'],
      alerting: ['receive_er_alerts', 'view_historic', 'pin_dismiss_alert', 'set_dismiss_pin', 'edit', 'snooze', 'add', 'delete'],
      faces: ['find_all', 'find_resident', 'add', 'edit', 'delete', 'merge', 'view_training_progress', 'view_f1_score'],
      keycard: ['find_all', 'view_all', 'edit', 'view_reports'],
      identity: ['find_all', 'add', 'edit', 'delete', 'merge'],
      account: ['administer_user_pin', 'create', 'add', 'edit', 'delete', 'find_all', 'view_all', 'view_audit'],
    },
  },
  {
    name: 'caregiver',
    description: 'Caregiver: live and recorded video, elopement alerts with PIN dismissal, resident lookup',
    operations: {
      video: ['view_live', 'view_historic'],
      alerting: ['receive_er_alerts', 'view_historic', 'pin_dismiss_alert'],
      faces: ['find_resident'],
    },
  },
  { name: 'relative', description: 'Relative: recorded video only', operations: { video: ['view_historic'] } },
];

export const DEMO_ACCOUNTS: (DemoAccount & { grants: { domain: keyof typeof DEMO_DOMAINS; role: string }[] })[] = [
  {
    email: 'staff@vigil.example',
    displayName: 'Sam Rivera',
    description: 'Internal staff: both buildings, everything including staff tools',
    grants: [
      { domain: 'maple', role: 'staff-admin' },
      { domain: 'birch', role: 'staff-admin' },
    ],
  },
  {
    email: 'manager@maple.example',
    displayName: 'Morgan Lee',
    description: 'Facility manager: both buildings, no staff tools',
    grants: [
      { domain: 'maple', role: 'facility-manager' },
      { domain: 'birch', role: 'facility-manager' },
    ],
  },
  {
    email: 'nurse@maple.example',
    displayName: 'Nora Quinn',
    description: 'Caregiver at Maple Court',
    grants: [{ domain: 'maple', role: 'caregiver' }],
  },
  {
    email: 'family@maple.example',
    displayName: 'Frank Ellis',
    description: "A resident's relative at Maple Court: recorded video only",
    grants: [{ domain: 'maple', role: 'relative' }],
  },
  { email: 'newcomer@maple.example', displayName: 'Casey Newman', description: 'A new account with no access yet', grants: [] },
];

/** What seeding needs to give demo people their photos: the media/ folder and the registry's writer. */
export interface DemoPhotos {
  sourceDir: string;
  writer: Pick<RegistryWriter, 'setPhoto'>;
  warn(message: string): void;
}

/** Demo photos stored as uploaded ones are (RegistryWriter: decoded, upright, resized, thumbnail, face_images row). */
export function demoPhotos(database: DatabaseHandle, config: Pick<Config, 'video'>, clock: Clock): DemoPhotos {
  return {
    sourceDir: config.video.demoMediaDir,
    writer: registryWriterFor({
      db: database.db,
      dialect: database.dialect,
      registry: createRepositories(database, clock).registry,
      store: new MediaStore(config.video.mediaDir),
      clock,
    }),
    warn: (message) => console.warn(message),
  };
}

/**
 * Loads the demo data. Idempotent: what exists is left as it is, so a second run changes nothing. With `photos`, a
 * person inserted by this run gets their photo; one who already existed keeps whatever photos they have now.
 */
export async function seedDemo(db: Db, access: AccessRepository, clock: Clock, secret?: Buffer, photos?: DemoPhotos): Promise<void> {
  const now = clock.now();
  for (const domain of Object.values(DEMO_DOMAINS)) {
    await db
      .insertInto('domains')
      .values({ ...domain, created_at: now })
      .onConflict((oc) => oc.column('uuid').doNothing())
      .execute();
  }
  for (const camera of DEMO_CAMERAS) {
    const slug = camera.description.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    await db
      .insertInto('cameras')
      .values({
        uuid: camera.uuid,
        domain_uuid: DEMO_DOMAINS[camera.domain].uuid,
        description: camera.description,
        floor: deriveCameraFloor(camera.description),
        label: null,
        protocol: 'rtsp',
        host: '127.0.0.1',
        port: 8554,
        path: `/demo/${slug}`,
        username: null,
        password: null,
        created_at: now,
        is_exit: DEMO_EXIT_CAMERAS.some((uuid) => uuid === camera.uuid) ? 1 : 0,
      })
      .onConflict((oc) => oc.column('uuid').doNothing())
      .execute();
  }
  for (const person of DEMO_PEOPLE) {
    const inserted = await db
      .insertInto('faces')
      .values({
        uuid: person.uuid,
        domain_uuid: DEMO_DOMAINS[person.domain].uuid,
        first_name: person.first,
        last_name: person.last,
        role: person.role,
        gender: person.gender,
        complexion: person.complexion,
        room: person.room ?? null,
        bed: person.bed ?? null,
        unit: person.unit ?? null,
        wing: person.wing ?? null,
        card: person.card ?? null,
        elopement_risk: person.risk ? 1 : 0,
        email: person.email ?? null,
        employee_role: person.employeeRole ?? null,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('uuid').doNothing())
      .executeTakeFirst();
    if (person.photo && photos && Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) await addDemoPhoto(person, person.photo, photos);
  }
  const existingRoles = new Set((await access.listRoles()).map((r) => r.name));
  const missingRoles = DEMO_ROLES.filter((role) => !existingRoles.has(role.name));
  if (missingRoles.length > 0)
    await db.transaction().execute(async (trx) => {
      for (const role of missingRoles) await access.defineRole(trx, role);
    });
  for (const account of DEMO_ACCOUNTS) {
    const existed = await access.findUserByEmail(account.email);
    const user = existed ?? (await access.ensureUser(account.email, account.displayName));
    if (existed) continue;
    for (const grant of account.grants) await access.grant(user.id, DEMO_DOMAINS[grant.domain].uuid, grant.role);
  }
  if (secret) await seedDemoPins(db, secret, now);
}

async function addDemoPhoto(person: DemoPerson, photo: DemoPhoto, photos: DemoPhotos): Promise<void> {
  try {
    const file = readFileSync(join(photos.sourceDir, photo.file));
    const bytes = photo.crop ? await sharp(file).extract(photo.crop).png().toBuffer() : file;
    await photos.writer.setPhoto(person.uuid, 'front', bytes.toString('base64'));
  } catch (error) {
    photos.warn(`demo data: no photo for ${person.first} ${person.last} (${error instanceof Error ? error.message : String(error)})`);
  }
}

/** Demo PINs, stored as PinsService stores them; a PIN someone has since changed is left alone. */
async function seedDemoPins(db: Db, secret: Buffer, now: number): Promise<void> {
  for (const entry of DEMO_PINS) {
    const domain = DEMO_DOMAINS[entry.domain].uuid;
    const user = await db.selectFrom('users').select('id').where('email', '=', entry.email).executeTakeFirst();
    if (!user) continue;
    const pinHash = storedPinHash(secret, domain, await pinDigest(domain, entry.pin));
    await db
      .insertInto('pins')
      .values({ user_id: user.id, domain_uuid: domain, pin_hash: pinHash, updated_at: now })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

/** The accounts the built-in provider offers: every user, described where the demo knows them. */
export async function demoAccountList(access: AccessRepository): Promise<DemoAccount[]> {
  const users = await access.listUsers();
  return users.map((u) => ({
    email: u.email,
    displayName: u.display_name,
    description: DEMO_ACCOUNTS.find((a) => a.email === u.email)?.description ?? u.display_name,
  }));
}
