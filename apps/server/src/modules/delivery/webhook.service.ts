import { randomUUID } from 'node:crypto';
import { webhookDescriptionSchema, webhookUrlSchema, webhookUrlShown } from '@vigil/contract';
import type { WebhookRow } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { badRequest, notFound } from '../../lib/http-error.js';
import type { AuditActor, AuditService } from '../audit/audit.service.js';
import type { WebhookRepository } from './webhook.repository.js';
import { newWebhookSecret } from './webhook-signature.js';

/** A webhook as it is shown: its address without the query string (often a token), never its secret. */
export interface WebhookView {
  id: string;
  domain_uuid: string;
  url: string;
  description: string;
  created_at: string;
  removed_at: string | null;
}

export const presentWebhook = (row: WebhookRow): WebhookView => ({
  id: row.id,
  domain_uuid: row.domain_uuid,
  url: webhookUrlShown(row.url),
  description: row.description,
  created_at: new Date(row.created_at).toISOString(),
  removed_at: row.removed_at === null ? null : new Date(row.removed_at).toISOString(),
});

const firstIssue = (error: { issues: { message: string }[] }) => error.issues[0]?.message ?? 'Invalid value.';

/**
 * A building's webhooks, made and removed by an operator on the server (the CLI), never from the web: a webhook makes
 * the server post to any address it names. The signing secret is made here, shown once, and kept sealed under the
 * server's secret. Each change is audited (changed_webhook: the host, never the path, query or secret).
 */
export class WebhookService {
  constructor(
    private readonly d: {
      webhooks: WebhookRepository;
      seal(plain: string): string;
      domainExists(uuid: string): Promise<boolean>;
      audit: Pick<AuditService, 'record'>;
      clock: Clock;
    },
  ) {}

  async add(actor: AuditActor, domain: string, url: string, description = ''): Promise<{ webhook: WebhookView; secret: string }> {
    const parsedUrl = webhookUrlSchema.safeParse(url);
    if (!parsedUrl.success) throw badRequest(firstIssue(parsedUrl.error));
    const parsedDescription = webhookDescriptionSchema.safeParse(description);
    if (!parsedDescription.success) throw badRequest(firstIssue(parsedDescription.error));
    if (!(await this.d.domainExists(domain))) throw notFound(`No building ${domain}.`);
    const secret = newWebhookSecret();
    const row: WebhookRow = {
      id: randomUUID(),
      domain_uuid: domain,
      url: parsedUrl.data,
      secret: this.d.seal(secret),
      description: parsedDescription.data,
      created_at: this.d.clock.now(),
      removed_at: null,
    };
    await this.d.webhooks.insert(row);
    await this.d.audit.record(actor, {
      action: 'changed_webhook',
      domain,
      subject: row.id,
      detail: { change: 'added', host: new URL(row.url).host, scheme: new URL(row.url).protocol.replace(':', '') },
    });
    return { webhook: presentWebhook(row), secret };
  }

  async list(domain: string): Promise<WebhookView[]> {
    return (await this.d.webhooks.live(domain)).map(presentWebhook);
  }

  async remove(actor: AuditActor, id: string): Promise<WebhookView> {
    const row = await this.d.webhooks.byId(id);
    if (!row || !(await this.d.webhooks.remove(id, this.d.clock.now()))) throw notFound(`No webhook ${id} in use.`);
    await this.d.audit.record(actor, {
      action: 'changed_webhook',
      domain: row.domain_uuid,
      subject: row.id,
      detail: { change: 'removed', host: new URL(row.url).host },
    });
    return presentWebhook({ ...row, removed_at: this.d.clock.now() });
  }
}
