import { readFileSync } from 'node:fs';
import { RETENTION_USAGE, retentionCommand } from './cli-retention.js';
import { IMPORT_TAPS_USAGE, importTaps } from './cli-badges.js';
import { WEBHOOKS_USAGE, webhookCommand } from './cli-webhooks.js';
import { cliAudit, consentRequired, erasePerson, shellActor } from './cli-privacy.js';
import { KEY_PURPOSES, domainNewBodySchema, faceInfoSchema, isUuid, type KeyPurpose, type ParsedFaceInfo } from '@vigil/contract';
import { cameraHostAllowed, parseNetworks } from './lib/networks.js';
import { SecretBox } from './lib/secret-box.js';
import { OnboardingService } from './modules/onboarding/onboarding.service.js';
import { loadConfig, type Config } from './config.js';
import { migrateToLatest, openDatabase, type DatabaseHandle } from './db/database.js';
import { MediaStore } from './media/media-store.js';
import type { RegistryWriter } from './modules/faces/registry-writer.js';
import { registryWriterFor } from './modules/faces/faces.wiring.js';
import { createRepositories, type Repositories } from './repositories.js';
import { PushSubscriptionsRepository } from './modules/delivery/push-subscriptions.repository.js';
import { systemClock } from './lib/clock.js';
import { DetectorsService } from './modules/ingest/detectors.service.js';
import { CameraExitsService } from './modules/video/camera-exits.service.js';
import { HttpError } from './lib/http-error.js';
import { demoPhotos, seedDemo } from './demo/seed.js';

const USAGE = `Usage: npm run vigil -- <command>
  migrate                              bring the database to the latest schema
  seed                                 load the demo data (idempotent)
  roles                                list roles and their operations
  users                                list users and their grants
  add-user <email> [display name]      create a user (no access until granted)
  grant <email> <domain> <role>        grant a role in a domain (domain by name or uuid)
  revoke <email> <domain> <role>       take a role away
  add-detector <domain> <name> --purpose <p[,p]>
                                       create a building's machine key (printed once); purposes: analyzer (gallery,
                                       model, cameras and live video, detections), detector (detections and events
                                       only), access_control (badge taps only)
  detectors <domain>                   list a domain's machine keys with their purposes
  revoke-detector <id>                 revoke a building's machine key
  add-deployment-key <name> [--purpose <p[,p]>]
                                       create a key serving every building (default purpose: analyzer; printed once)
  deployment-keys                      list deployment keys (tab-separated: id, name, prefix, purposes, created, last
                                       used, revoked)
  revoke-deployment-key <id|name>      revoke a deployment key (by name: every live one of that name) in every building
  set-exit <camera uuid> on|off        mark a camera as an exit (elopement alerts), or not; audited
  add-person <domain> <first> <last> <role> [field=value ...]
                                       add a person to the faces registry; fields: gender, complexion, room, bed,
                                       unit, wing, card, elopement_risk (yes|no), email, employee_role,
                                       front=<photo.jpg|png>, side=<photo.jpg|png>; prints the person's uuid
  people <domain>                      list a building's people (tab-separated: uuid, name, role, room, risk,
                                       photos, last seen)
  set-photo <person uuid> front|side <photo.jpg|png>
                                       set (add or replace) a person's photo
  consent-required <domain> on|off     whether recognition in the building needs people's consent (on: people without
                                       it leave the gallery and models, and the face data kept of them is deleted)
  add-building <payload.json> [<email>:<role> ...]
                                       onboard a building from a POST /api/v1/domain/new payload (building, cameras,
                                       streams; checked as the API checks it), granting each <email> the <role> there;
                                       a running server starts recording its cameras within 30 s
  erase-person <person uuid> --operator <email> [--yes]
                                       erase everything held of a person (photos, embeddings, their detections and
                                       pictures, their place in every model; their alerts keep the fact without the
                                       face): without --yes, only lists what would go; the receipt goes to the audit
                                       log in the operator's name
${IMPORT_TAPS_USAGE}
${WEBHOOKS_USAGE}
${RETENTION_USAGE}`;

/** `--purpose a,b` (or `--purpose=a,b`) out of a command's arguments; `fallback` when none is given. */
export function keyPurposeArgs(args: string[], fallback: KeyPurpose[] | null): { rest: string[]; purposes: KeyPurpose[] | null } {
  const rest: string[] = [];
  let given: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--purpose') given = args[++i] ?? '';
    else if (arg.startsWith('--purpose=')) given = arg.slice('--purpose='.length);
    else rest.push(arg);
  }
  if (given === undefined) return { rest, purposes: fallback };
  const words = given.split(',').map((w) => w.trim().replace('-', '_'));
  const unknown = words.filter((w) => !(KEY_PURPOSES as readonly string[]).includes(w));
  if (unknown.length > 0 || words.length === 0) throw new Error(`Unknown purpose "${unknown.join(',')}": use ${KEY_PURPOSES.join(', ')}`);
  return { rest, purposes: [...new Set(words as KeyPurpose[])] };
}

async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  if (!command || command === 'help' || command === '--help') {
    console.log(USAGE);
    return command ? 0 : 1;
  }
  const config = loadConfig();
  const database = openDatabase(config);
  try {
    await migrateToLatest(database.db);
    const repos = createRepositories(database, systemClock);
    const { access, domains } = repos;
    const detectors = new DetectorsService(database.db, repos.detectors, systemClock, cliAudit(repos));
    const domainOf = async (ref: string) => {
      const found = (await domains.findOne(ref)) ?? (await domains.findByDescription(ref));
      if (!found) throw new Error(`No domain "${ref}"`);
      return found;
    };
    const userOf = async (email: string) => {
      const found = await access.findUserByEmail(email);
      if (!found) throw new Error(`No user "${email}" (add it with add-user)`);
      return found;
    };
    switch (command) {
      case 'migrate':
        console.log('Database is up to date.');
        return 0;
      case 'seed':
        await seedDemo(database.db, access, systemClock, config.secret, demoPhotos(database, config, systemClock));
        console.log('Demo data loaded.');
        return 0;
      case 'roles':
        for (const role of await access.listRoles()) console.log(`${role.name}: ${role.description}\n  ${role.operations.join(' ')}`);
        return 0;
      case 'users':
        for (const user of await access.listUsers()) {
          const grants = await access.grantsOf(user.id);
          console.log(`${user.email} (${user.display_name}) ${grants.map((g) => `${g.role}@${g.domain_uuid}`).join(', ') || 'no access'}`);
        }
        return 0;
      case 'add-user': {
        const [email, ...name] = args;
        if (!email?.includes('@')) throw new Error('add-user needs an e-mail');
        const user = await access.ensureUser(email, name.join(' ') || email);
        console.log(`User ${user.email} is ${user.id}.`);
        return 0;
      }
      case 'grant':
      case 'revoke': {
        const [email, domainRef, role] = args;
        if (!email || !domainRef || !role) throw new Error(`${command} needs <email> <domain> <role>`);
        const user = await userOf(email);
        const domain = await domainOf(domainRef);
        if (!(await access.listRoles()).some((r) => r.name === role)) throw new Error(`No role "${role}" (see: roles)`);
        if (command === 'grant') {
          await access.grant(user.id, domain.uuid, role);
          console.log(`${email} now holds ${role} at ${domain.description}.`);
        } else {
          const roles = await access.roleDefinitions();
          const { removed, devices } = await database.db.transaction().execute(async (trx) => {
            const removed = await access.revoke(trx, user.id, domain.uuid, role);
            // Without alerting/receive_er_alerts there any more, their devices stop receiving that building's alerts.
            const held = (await access.grantsOf(user.id, trx)).filter((g) => g.domain_uuid === domain.uuid).map((g) => g.role);
            const receives = roles.some((r) => held.includes(r.name) && r.operations.alerting?.includes('receive_er_alerts'));
            const devices =
              removed && !receives ? await new PushSubscriptionsRepository(database.db).deleteUserIn(trx, user.id, domain.uuid) : 0;
            return { removed, devices };
          });
          console.log(removed ? `${email} no longer holds ${role} at ${domain.description}.` : 'Nothing to revoke.');
          if (devices > 0) console.log(`${devices} of their devices no longer receive ${domain.description}'s alerts.`);
          if (!removed) return 0;
        }
        // The audit trail names the shell account that ran the command (the CLI runs on the server).
        await cliAudit(repos).record(shellActor(), {
          action: 'changed_role',
          domain: domain.uuid,
          subject: user.id,
          detail: { change: command === 'grant' ? 'granted' : 'revoked', account: user.email, roles: role },
        });
        return 0;
      }
      case 'add-detector': {
        const { rest, purposes } = keyPurposeArgs(args, null);
        const [domainRef, ...name] = rest;
        if (!domainRef || name.length === 0 || !purposes) throw new Error('add-detector needs <domain> <name> --purpose <p[,p]>');
        const domain = await domainOf(domainRef);
        const { detector, key } = await detectors.issue(domain.uuid, name.join(' '), purposes, null, shellActor());
        console.log(
          `Key "${detector.name}" (${detector.id}) at ${domain.description}, for ${purposes.join(', ')}.\nKey (shown once): ${key}`,
        );
        return 0;
      }
      case 'detectors': {
        const domain = await domainOf(args[0] ?? '');
        for (const d of await repos.detectors.inDomain(domain.uuid)) {
          const state = d.revoked_at ? 'revoked' : d.last_used_at ? `last used ${new Date(d.last_used_at).toISOString()}` : 'never used';
          const origin = d.purposes_origin === 'inferred' ? ', inferred on upgrade' : '';
          console.log(`${d.id} ${d.key_prefix}… ${d.name} [${d.purposes}${origin}] (${state})`);
        }
        return 0;
      }
      case 'revoke-detector': {
        if (!args[0]) throw new Error('revoke-detector needs <id>');
        if (!(await detectors.revokeById(shellActor(), args[0]))) throw new Error(`No key ${args[0]} (see: detectors <domain>)`);
        console.log('Revoked.');
        return 0;
      }
      case 'add-deployment-key': {
        const { rest, purposes } = keyPurposeArgs(args, ['analyzer']);
        const name = rest.join(' ').trim();
        if (!name || !purposes) throw new Error('add-deployment-key needs <name> [--purpose <p[,p]>]');
        const { key, row } = await detectors.issueDeploymentKey(name, purposes, shellActor());
        console.log(`Deployment key "${row.name}" (${row.id}) for every building, for ${purposes.join(', ')}.\nKey (shown once): ${key}`);
        return 0;
      }
      case 'deployment-keys': {
        const when = (ms: number | null, none: string) => (ms === null ? none : new Date(ms).toISOString());
        for (const k of await detectors.deploymentKeys())
          console.log(
            [
              k.id,
              k.name,
              `${k.key_prefix}…`,
              k.purposes_origin === 'inferred' ? `${k.purposes} (inferred on upgrade)` : k.purposes,
              when(k.created_at, ''),
              when(k.last_used_at, 'never used'),
              when(k.revoked_at, 'live'),
            ].join('\t'),
          );
        return 0;
      }
      case 'revoke-deployment-key': {
        const ref = args.join(' ').trim();
        if (!ref) throw new Error('revoke-deployment-key needs <id|name>');
        const byId = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(ref);
        const revoked = await detectors.revokeDeploymentKeys(byId ? { id: ref.toLowerCase() } : { name: ref }, shellActor());
        if (revoked === 0) throw new Error(`No live deployment key "${ref}" (see: deployment-keys)`);
        console.log(revoked === 1 ? 'Revoked.' : `Revoked ${revoked} keys named "${ref}".`);
        return 0;
      }
      case 'set-exit': {
        const [camera, value] = args;
        if (!camera || !isUuid(camera) || (value !== 'on' && value !== 'off')) throw new Error('set-exit needs <camera uuid> on|off');
        // The API's service, audited with the shell's address. A running server's analyzers see it at their long poll's
        // next look at the database (within 2 s): no one in this process waits to be woken.
        const exits = new CameraExitsService({ cameras: repos.cameras, audit: cliAudit(repos), changed: () => undefined });
        const reply = await exits.setAsOperator(shellActor(), camera.toLowerCase(), value === 'on').catch((err: unknown) => {
          if (err instanceof HttpError && err.statusCode === 404) throw new Error(`No camera ${camera} in service`);
          throw err;
        });
        const state = reply.camera.is_exit
          ? reply.changed
            ? 'is now an exit'
            : 'was already an exit'
          : reply.changed
            ? 'is no longer an exit'
            : 'was not an exit';
        console.log(`${reply.camera.name} (${reply.camera.uuid}) ${state}.`);
        return 0;
      }
      case 'add-person': {
        const [domainRef, first, last, role, ...fields] = args;
        if (!domainRef || !first || !last || !role) throw new Error('add-person needs <domain> <first> <last> <role> [field=value ...]');
        const domain = await domainOf(domainRef);
        const info = await personFromArgs(first, last, role, fields);
        console.log(await registryWriter(database, repos, config).create(domain.uuid, info));
        return 0;
      }
      case 'people': {
        if (!args[0]) throw new Error('people needs <domain>');
        const domain = await domainOf(args[0]);
        const { registry } = repos;
        const people = await registry.people(domain.uuid, false);
        const photos = await registry.photosOf(people.map((p) => p.uuid));
        for (const p of people.sort((a, b) => a.last_name.localeCompare(b.last_name) || a.first_name.localeCompare(b.first_name)))
          console.log(
            [
              p.uuid,
              `${p.first_name} ${p.last_name}`,
              p.role,
              p.room ?? '',
              p.elopement_risk === 1 ? 'elopement risk' : '',
              (photos.get(p.uuid) ?? []).map((photo) => photo.orientation).join('+'),
              p.last_seen_at === null ? 'never seen' : new Date(p.last_seen_at).toISOString(),
            ].join('\t'),
          );
        return 0;
      }
      case 'set-photo': {
        const [person, orientation, file] = args;
        if (!person || (orientation !== 'front' && orientation !== 'side') || !file)
          throw new Error('set-photo needs <person uuid> front|side <photo>');
        await registryWriter(database, repos, config).setPhoto(person, orientation, readFileSync(file).toString('base64'));
        console.log(`The ${orientation} photo of ${person} is set.`);
        return 0;
      }
      case 'import-taps':
        return await importTaps(database, repos, args, domainOf);
      case 'add-webhook':
      case 'list-webhooks':
      case 'remove-webhook':
      case 'webhook-log':
        return await webhookCommand(command, args, { database, config, repos, domainOf, actor: shellActor() });
      case 'retention':
        return await retentionCommand(args, { database, config, domainOf, actor: shellActor() });
      case 'consent-required':
        return await consentRequired(database, repos, args, domainOf);
      case 'erase-person':
        // Awaited here: the database closes when main's try ends.
        return await erasePerson(database, repos, config, args);
      case 'add-building': {
        const [file, ...grants] = args;
        if (!file) throw new Error('add-building needs <payload.json>');
        const roles = new Set((await access.listRoles()).map((r) => r.name));
        const granted: { email: string; role: string }[] = [];
        for (const grant of grants) {
          const at = grant.lastIndexOf(':');
          const [email, role] = [grant.slice(0, at), grant.slice(at + 1)];
          if (at < 1 || !roles.has(role)) throw new Error(`"${grant}" is not <email>:<role> with a known role (see: roles)`);
          granted.push({ email, role });
        }
        const parsed = domainNewBodySchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
        if (!parsed.success) throw new Error(parsed.error.issues.map((i) => `${i.path.join('.') || 'payload'}: ${i.message}`).join('; '));
        const passwords = new SecretBox(config.secret, 'camera-password');
        const networks = parseNetworks(config.video.cameraNetworks);
        const onboarding = new OnboardingService({
          db: database.db,
          repository: repos.onboarding,
          clock: systemClock,
          hostAllowed: (host) => cameraHostAllowed(host, networks),
          sealPassword: (plain) => passwords.seal(plain),
          camerasChanged: () => Promise.resolve(),
        });
        const grantees = [];
        for (const g of granted) grantees.push({ user_id: (await access.ensureUser(g.email)).id, role: g.role });
        const created = await onboarding.create(parsed.data, grantees);
        console.log(
          `Building "${created.domain.description}" (${created.domain.fname}) is ${created.domain.uuid}, in ${created.domain.timezone}.`,
        );
        for (const camera of created.cameras) console.log(`  camera ${camera.uuid} ${camera.name}${camera.is_exit ? ' (an exit)' : ''}`);
        for (const g of granted) console.log(`  ${g.email} holds ${g.role} there.`);
        return 0;
      }
      default:
        console.error(`Unknown command "${command}".\n${USAGE}`);
        return 1;
    }
  } finally {
    await database.close();
  }
}

/** The registry's writer for an administrator: no session, the same checks on fields and photos as the API. */
function registryWriter(database: DatabaseHandle, repos: Repositories, config: Config): RegistryWriter {
  return registryWriterFor({
    db: database.db,
    dialect: database.dialect,
    registry: repos.registry,
    store: new MediaStore(config.video.mediaDir),
    clock: systemClock,
  });
}

/** add-person's arguments as the API's face_info, checked by the same schema (a bad field is an error naming it). */
async function personFromArgs(first: string, last: string, role: string, fields: string[]): Promise<ParsedFaceInfo> {
  const raw: Record<string, unknown> = { first_name: first, last_name: last, role, gender: 'other', complexion: 'Other' };
  const add: { orientation: 'front' | 'side'; data: string }[] = [];
  for (const field of fields) {
    const at = field.indexOf('=');
    if (at < 1) throw new Error(`"${field}" is not field=value`);
    const [name, value] = [field.slice(0, at), field.slice(at + 1)];
    if (name === 'front' || name === 'side') add.push({ orientation: name, data: readFileSync(value).toString('base64') });
    else if (name === 'elopement_risk') raw.elopement_risk = /^(yes|true|on|1)$/i.test(value);
    else raw[name] = value;
  }
  if (role === 'resident' && raw.elopement_risk === undefined) raw.elopement_risk = false;
  const parsed = faceInfoSchema.safeParse({ ...raw, images: { add } });
  if (!parsed.success) throw new Error(parsed.error.issues.map((i) => `${i.path.join('.') || 'person'}: ${i.message}`).join('; '));
  return parsed.data;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
