import { RETENTION_CATEGORIES, RETENTION_CATEGORY_TEXT, privacyUpdateSchema, retentionCategorySchema } from '@vigil/contract';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/database.js';
import { systemClock } from './lib/clock.js';
import type { AuditActor } from './modules/audit/audit.service.js';
import { standaloneRetention } from './modules/privacy/privacy.wiring.js';

export const RETENTION_USAGE = `  retention show <domain>              each category's period (and where it comes from), what it holds, the sweep
  retention set <domain> <category>=<days|default> ...
                                       a building's own periods (categories: ${RETENTION_CATEGORIES.filter((c) => c !== 'exports' && c !== 'client_errors').join(', ')});
                                       audited; exports and client_errors are set by VIGIL_RETENTION_*_DAYS
  retention sweep                      delete what is past its period now, in every building (unless a server is
                                       sweeping); prints what went`;

/** `retention show|set|sweep`: the privacy page's settings and the sweep, for an administrator on the server. */
export async function retentionCommand(
  args: string[],
  d: { database: DatabaseHandle; config: Config; domainOf(ref: string): Promise<{ uuid: string; description: string }>; actor: AuditActor },
): Promise<number> {
  const [sub, ...rest] = args;
  const retention = standaloneRetention(d.database, d.config, systemClock, { log: { info: () => undefined, warn: () => undefined } });
  const show = async (domain: { uuid: string; description: string }) => {
    const reply = await retention.settings.describe(domain.uuid);
    console.log(`${domain.description} (${domain.uuid})`);
    for (const r of reply.retention)
      console.log(
        [
          r.category.padEnd(14),
          `${r.days} day${r.days === 1 ? '' : 's'}`.padEnd(10),
          `(${r.source}${r.scope === 'installation' ? ', whole installation' : ''})`.padEnd(30),
          `${r.held.count} held${r.held.bytes === null ? '' : `, ${r.held.bytes} bytes`}`,
          r.held.oldest ? `oldest ${r.held.oldest}` : '',
        ].join('  '),
      );
    const s = reply.sweep;
    console.log(
      `last sweep: ${s.last_started_at ?? 'never'}${s.last_deleted === null ? '' : ` (${s.last_deleted} deleted)`}${s.running ? ', running now' : ''}`,
    );
  };
  switch (sub) {
    case 'show': {
      if (!rest[0]) throw new Error('retention show needs <domain>');
      await show(await d.domainOf(rest[0]));
      return 0;
    }
    case 'set': {
      const [domainRef, ...pairs] = rest;
      if (!domainRef || pairs.length === 0) throw new Error('retention set needs <domain> <category>=<days|default> ...');
      const domain = await d.domainOf(domainRef);
      const changes: Record<string, number | null> = {};
      for (const pair of pairs) {
        const [name, value] = pair.split('=');
        const category = retentionCategorySchema.safeParse(name);
        if (!category.success || value === undefined || value === '')
          throw new Error(`"${pair}" is not <category>=<days|default> (categories: ${RETENTION_CATEGORIES.join(', ')})`);
        changes[category.data] = value === 'default' ? null : Number(value);
      }
      const parsed = privacyUpdateSchema.safeParse({ domain_uuid: domain.uuid, retention: changes });
      if (!parsed.success)
        throw new Error(parsed.error.issues.map((i) => `${i.path.slice(1).join('.') || 'retention'}: ${i.message}`).join('; '));
      await retention.settings.set(d.actor, domain.uuid, parsed.data.retention);
      await show(domain);
      return 0;
    }
    case 'sweep': {
      const counts = await retention.scheduler.runNow();
      if (!counts) {
        console.error('A server is sweeping now; its run deletes the same. Try again when it has finished.');
        return 1;
      }
      const total = Object.values(counts).reduce((a, b) => a + b, 0);
      for (const category of RETENTION_CATEGORIES)
        if (counts[category] > 0) console.log(`${RETENTION_CATEGORY_TEXT[category].label}: ${counts[category]} deleted`);
      console.log(total === 0 ? 'Nothing was past its period.' : `${total} deleted in all.`);
      return 0;
    }
    default:
      throw new Error(`retention needs show, set or sweep\n${RETENTION_USAGE}`);
  }
}
