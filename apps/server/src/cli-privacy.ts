import { userInfo } from 'node:os';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/database.js';
import { systemClock } from './lib/clock.js';
import { MediaStore } from './media/media-store.js';
import { PersonAlertsService } from './modules/alerts/person-alerts.service.js';
import { cliActor, type AuditActor } from './modules/audit/audit.service.js';
import { createAudit } from './modules/audit/audit.wiring.js';
import { BadgeConsent } from './modules/badges/badge-consent.js';
import { createErasureArea } from './modules/faces/erasure.wiring.js';
import { consentServiceFor } from './modules/faces/faces.wiring.js';
import { ConsentSettingService } from './modules/privacy/consent-setting.service.js';
import { PrivacyService } from './modules/privacy/privacy.service.js';
import { PersonModelsService } from './modules/training/person-models.service.js';
import { personBadges, personReports, type Repositories } from './repositories.js';

/** The CLI's privacy commands (consent-required, erase-person) and what every audited command records with. */

/** The audit writer for commands run here (camera names come from the cameras repository: the CLI is a composition root). */
export const cliAudit = (repos: Repositories) => createAudit({ audit: repos.audit, cameras: repos.cameras, clock: systemClock });

/**
 * Where a command came from, as the audit trail's address: `cli:` and the OS account running it, and who ran sudo
 * (SUDO_USER) when set, so a made-up operator name still shows who ran it.
 */
export function shellOrigin(username: string, env: { SUDO_USER?: string | undefined }): string {
  const sudo = env.SUDO_USER?.trim();
  return `cli:${username}${sudo && sudo !== username ? ` (sudo by ${sudo})` : ''}`;
}

/** The OS account running this process (its uid when it has no name: a container without a passwd entry). */
function osAccount(): string {
  try {
    return userInfo().username;
  } catch {
    return `uid ${process.getuid?.() ?? '?'}`;
  }
}

/** This command's shell origin. */
const shell = () => shellOrigin(osAccount(), process.env);

/** The audit trail names the shell account that ran a command (the CLI runs on the server). */
export const shellActor = (): AuditActor => cliActor(`cli:${osAccount()}`, shell());

/** `consent-required <domain> on|off`: whether recognition in the building needs people's consent (audited). */
export async function consentRequired(
  database: DatabaseHandle,
  repos: Repositories,
  args: string[],
  domainOf: (ref: string) => Promise<{ uuid: string; description: string }>,
): Promise<number> {
  const [domainRef, value] = args;
  if (!domainRef || (value !== 'on' && value !== 'off')) throw new Error('consent-required needs <domain> on|off');
  const domain = await domainOf(domainRef);
  const privacy = new PrivacyService({ db: database.db, privacy: repos.privacy, clock: systemClock });
  const consent = consentServiceFor({ db: database.db, privacy });
  const badges = new BadgeConsent({
    db: database.db,
    consentRequired: (uuid, trx) => privacy.consentRequired(uuid, trx),
    faces: {
      consentCheck: (trx, uuid) => consent.check(trx, uuid),
      peopleIn: (trx, uuid, people) => repos.faces.peopleIn(trx, uuid, people),
    },
    badges: repos.badges,
    tags: repos.badgeTags,
  });
  const setting = new ConsentSettingService({
    db: database.db,
    dialect: database.dialect,
    privacy,
    faces: { consentSettingChanged: (trx, uuid) => consent.settingChanged(trx, uuid) },
    badges,
    audit: cliAudit(repos),
  });
  await setting.set(shellActor(), domain.uuid, value === 'on');
  console.log(`Recognition at ${domain.description} ${value === 'on' ? 'needs' : 'does not need'} people's consent.`);
  return 0;
}

/**
 * `erase-person <uuid> --operator <email> [--yes]`: what would go, and with --yes the erasure and its receipt. A
 * running server's analyzers drop the person at their next gallery poll; its match finder forgets their faces when a
 * search meets them missing (or at its hourly re-read).
 */
export async function erasePerson(database: DatabaseHandle, repos: Repositories, config: Config, args: string[]): Promise<number> {
  const at = args.indexOf('--operator');
  const operator = at >= 0 ? args[at + 1] : undefined;
  const uuid = args.find((a, i) => !a.startsWith('--') && (at < 0 || i !== at + 1));
  const extra = args.filter((a, i) => a !== uuid && a !== '--yes' && i !== at && i !== at + 1);
  if (!uuid || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(uuid) || extra.length > 0)
    throw new Error('erase-person needs <person uuid> --operator <email> [--yes]');
  if (!operator || !/^[^\s@]+@[^\s@]+$/.test(operator))
    throw new Error('erase-person needs --operator <email>: who answers for the erasure');
  const { erasure } = createErasureArea({
    db: database.db,
    dialect: database.dialect,
    data: repos.personData,
    store: new MediaStore(config.video.mediaDir),
    cameras: repos.cameras,
    alerts: new PersonAlertsService({ elopement: repos.elopement, db: database.db }),
    models: new PersonModelsService({ models: repos.models }),
    badges: personBadges(repos),
    reports: personReports(repos),
    audit: cliAudit(repos),
    clock: systemClock,
  });
  const { person, counts } = await erasure.previewAsOperator(uuid.toLowerCase());
  const lines = Object.entries(counts).map(([what, n]) => `  ${what.replace(/_/g, ' ')}: ${n}`);
  if (!args.includes('--yes')) {
    console.log([`Erasing ${person.first_name} ${person.last_name} (${person.uuid}) would take away:`, ...lines].join('\n'));
    console.log('Nothing was erased: run again with --yes to erase them.');
    return 1;
  }
  const receipt = await erasure.eraseAsOperator(person.uuid, operator, shell());
  const erased = Object.entries(receipt.counts).map(([what, n]) => `  ${what.replace(/_/g, ' ')}: ${n}`);
  console.log([`Erased ${receipt.frontend_face_uuid} at ${receipt.erased_at} by ${receipt.erased_by ?? operator}:`, ...erased].join('\n'));
  return 0;
}
