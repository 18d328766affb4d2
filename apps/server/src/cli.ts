import { loadConfig } from './config.js';
import { migrateToLatest, openDatabase } from './db/database.js';
import { systemClock } from './lib/clock.js';
import { AccessRepository } from './modules/auth/access.repository.js';
import { DomainsRepository } from './modules/domains/domains.repository.js';
import { CamerasRepository } from './modules/video/cameras.repository.js';
import { DetectorsRepository } from './modules/ingest/detectors.repository.js';
import { DetectorsService } from './modules/ingest/detectors.service.js';
import { seedDemo } from './seed/demo.js';

const USAGE = `Usage: npm run vigil -- <command>
  migrate                              bring the database to the latest schema
  seed                                 load the demo data (idempotent)
  roles                                list roles and their operations
  users                                list users and their grants
  add-user <email> [display name]      create a user (no access until granted)
  grant <email> <domain> <role>        grant a role in a domain (domain by name or uuid)
  revoke <email> <domain> <role>       take a role away
  add-detector <domain> <name>         create a detector key for the ingest API (printed once)
  detectors <domain>                   list a domain's detector keys
  revoke-detector <id>                 revoke a detector key
  set-exit <camera uuid> on|off        mark a camera as an exit (elopement alerts)`;

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
    const access = new AccessRepository(database.db, systemClock);
    const domains = new DomainsRepository(database.db);
    const detectorsRepository = new DetectorsRepository(database.db);
    const detectors = new DetectorsService(detectorsRepository, systemClock);
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
        await seedDemo(database.db, access, systemClock, config.secret);
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
          const removed = await access.revoke(user.id, domain.uuid, role);
          console.log(removed ? `${email} no longer holds ${role} at ${domain.description}.` : 'Nothing to revoke.');
        }
        return 0;
      }
      case 'add-detector': {
        const [domainRef, ...name] = args;
        if (!domainRef || name.length === 0) throw new Error('add-detector needs <domain> <name>');
        const domain = await domainOf(domainRef);
        const { detector, key } = await detectors.issue(domain.uuid, name.join(' '), null);
        console.log(`Detector "${detector.name}" (${detector.id}) at ${domain.description}.\nKey (shown once): ${key}`);
        return 0;
      }
      case 'detectors': {
        const domain = await domainOf(args[0] ?? '');
        for (const d of await detectorsRepository.inDomain(domain.uuid)) {
          const state = d.revoked_at ? 'revoked' : d.last_used_at ? `last used ${new Date(d.last_used_at).toISOString()}` : 'never used';
          console.log(`${d.id} ${d.key_prefix}… ${d.name} (${state})`);
        }
        return 0;
      }
      case 'revoke-detector': {
        if (!args[0]) throw new Error('revoke-detector needs <id>');
        await detectorsRepository.revoke(args[0], Date.now());
        console.log('Revoked.');
        return 0;
      }
      case 'set-exit': {
        const [camera, value] = args;
        if (!camera || (value !== 'on' && value !== 'off')) throw new Error('set-exit needs <camera uuid> on|off');
        const found = await new CamerasRepository(database.db).setExit(camera, value === 'on');
        console.log(found ? `Camera ${camera} is ${value === 'on' ? '' : 'not '}an exit.` : 'No such camera.');
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

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
