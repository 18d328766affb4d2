import { DELIVERY_CHANNELS, type DeliveryChannelName } from '@vigil/contract';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/database.js';
import { systemClock } from './lib/clock.js';
import type { AuditActor } from './modules/audit/audit.service.js';
import { createWebhookArea } from './modules/delivery/webhook.wiring.js';
import { cliAudit } from './cli-privacy.js';
import type { Repositories } from './repositories.js';

export const WEBHOOKS_USAGE = `  add-webhook <domain> <http(s) url> [description]
                                       post each alert step of the building to a nurse-call gateway (signed JSON,
                                       retried); prints the signing secret once; audited
  list-webhooks <domain>               list a building's webhooks (tab-separated: id, address without its query,
                                       description, created)
  remove-webhook <id>                  stop posting to a webhook; audited
  webhook-log <domain> [--channel push|mqtt|webhook] [--limit <n>]
                                       a building's alert deliveries, newest first, with every try (when, answer,
                                       error, duration)`;

export const WEBHOOK_COMMANDS = ['add-webhook', 'list-webhooks', 'remove-webhook', 'webhook-log'] as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `--name value` (or `--name=value`) out of a command's arguments. */
function option(args: string[], name: string): { rest: string[]; value: string | undefined } {
  const rest: string[] = [];
  let value: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === `--${name}`) value = args[++i] ?? '';
    else if (arg.startsWith(`--${name}=`)) value = arg.slice(name.length + 3);
    else rest.push(arg);
  }
  return { rest, value };
}

/** The webhook commands: an operator on the server names the addresses the server will post to (never the web). */
export async function webhookCommand(
  command: (typeof WEBHOOK_COMMANDS)[number],
  args: string[],
  d: {
    database: DatabaseHandle;
    config: Config;
    repos: Repositories;
    domainOf(ref: string): Promise<{ uuid: string; description: string }>;
    actor: AuditActor;
  },
): Promise<number> {
  const area = createWebhookArea({
    db: d.database.db,
    secret: d.config.secret,
    deliveries: d.repos.deliveries,
    domains: d.repos.domains,
    audit: cliAudit(d.repos),
    clock: systemClock,
    broker: d.config.mqtt?.url ?? null,
  });
  switch (command) {
    case 'add-webhook': {
      const [domainRef, url, ...description] = args;
      if (!domainRef || !url) throw new Error('add-webhook needs <domain> <http(s) url> [description]');
      const domain = await d.domainOf(domainRef);
      const { webhook, secret } = await area.service.add(d.actor, domain.uuid, url, description.join(' '));
      console.log(
        `Webhook ${webhook.id} at ${domain.description}: ${webhook.url}${webhook.description ? ` (${webhook.description})` : ''}`,
      );
      console.log(`Signing secret (shown once; the receiver checks X-Vigil-Signature with it): ${secret}`);
      return 0;
    }
    case 'list-webhooks': {
      if (!args[0]) throw new Error('list-webhooks needs <domain>');
      const domain = await d.domainOf(args[0]);
      const webhooks = await area.service.list(domain.uuid);
      if (webhooks.length === 0) console.log(`No webhooks at ${domain.description} (add one with add-webhook).`);
      for (const w of webhooks) console.log([w.id, w.url, w.description, w.created_at].join('\t'));
      return 0;
    }
    case 'remove-webhook': {
      const [id] = args;
      if (!id || !UUID.test(id) || args.length > 1) throw new Error('remove-webhook needs <id> (see: list-webhooks <domain>)');
      const removed = await area.service.remove(d.actor, id.toLowerCase());
      console.log(`Removed webhook ${removed.id} (${removed.url}).`);
      return 0;
    }
    case 'webhook-log': {
      const channelArg = option(args, 'channel');
      const limitArg = option(channelArg.rest, 'limit');
      const [domainRef, ...extra] = limitArg.rest;
      const channel = channelArg.value;
      const limit = limitArg.value === undefined ? 50 : Number(limitArg.value);
      if (!domainRef || extra.length > 0) throw new Error('webhook-log needs <domain> [--channel push|mqtt|webhook] [--limit <n>]');
      if (channel !== undefined && !(DELIVERY_CHANNELS as readonly string[]).includes(channel))
        throw new Error(`--channel must be one of ${DELIVERY_CHANNELS.join(', ')}`);
      if (!Number.isInteger(limit) || limit < 1 || limit > 500) throw new Error('--limit must be a whole number from 1 to 500');
      const domain = await d.domainOf(domainRef);
      const entries = await area.log.entries(domain.uuid, channel as DeliveryChannelName | undefined, limit);
      if (entries.length === 0) console.log(`No deliveries at ${domain.description}.`);
      for (const e of entries) {
        console.log(
          [
            e.created_at,
            e.channel,
            e.step,
            e.status,
            `${e.attempts} ${e.attempts === 1 ? 'try' : 'tries'}`,
            e.target_label ?? e.target,
            `alert ${e.alert_id ?? '-'}`,
            `delivery ${e.id}`,
          ].join('\t'),
        );
        for (const t of e.tries) console.log(`  ${t.at}\t${t.status_code ?? '-'}\t${t.duration_ms} ms${t.error ? `\t${t.error}` : ''}`);
      }
      return 0;
    }
  }
}
