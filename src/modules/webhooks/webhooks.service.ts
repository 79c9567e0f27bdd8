/** A client's webhooks: register (endpoint 20), list, delete (endpoint 21). */
import type { Config } from '../../config/config.ts';
import type { Db } from '../../db/db.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { unixSeconds } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import * as repo from './webhooks.repo.ts';
import type { WebhookRow } from './webhooks.repo.ts';
import { seal } from '../../lib/sealed-box.ts';
import { generateWebhookSecret } from './webhooks.signing.ts';
import { checkWebhookUrl, urlPolicy, type Resolver } from './webhooks.url-guard.ts';

export interface WebhookView {
  id: string;
  webhook_id: string;
  url: string;
  comment: string | null;
  status: 'active' | 'disabled';
  disabled_reason: string | null;
  created_at: number;
  disabled_at: number | null;
}

export interface CreatedWebhookView {
  id: string;
  webhook_id: string;
  url: string;
  comment: string | null;
  secret: string;
}

function toWebhookView(row: WebhookRow): WebhookView {
  return {
    id: row.id,
    webhook_id: row.id,
    url: row.url,
    comment: row.comment,
    status: row.status,
    disabled_reason: row.disabled_reason,
    created_at: unixSeconds(new Date(row.created_at)),
    disabled_at: row.disabled_at ? unixSeconds(new Date(row.disabled_at)) : null,
  };
}

export interface CreateWebhookDeps {
  db: Db;
  installationKey: string;
  config: Pick<Config, 'webhookAllowLoopback' | 'nodeEnv'>;
  resolve?: Resolver;
}

export async function createWebhook(
  deps: CreateWebhookDeps,
  clientId: string,
  input: { url: string; comment?: string | null },
  now: Date,
): Promise<CreatedWebhookView> {
  const refusal = await checkWebhookUrl(input.url, urlPolicy(deps.config), deps.resolve);
  if (refusal) {
    throw new AppError('webhook_url_not_allowed', `The webhook url ${refusal}.`, {
      errors: [{ pointer: '/url', detail: refusal }],
    });
  }
  const secret = generateWebhookSecret();
  const row = await repo.insertWebhook(deps.db, {
    id: newId(),
    clientId,
    url: input.url,
    comment: input.comment ?? null,
    secretSealed: seal(deps.installationKey, 'webhook signing secrets', secret),
    now,
  });
  return { id: row.id, webhook_id: row.id, url: row.url, comment: row.comment, secret };
}

export async function listWebhooks(db: Db, clientId: string): Promise<{ data: WebhookView[] }> {
  return { data: (await repo.listWebhooks(db, clientId)).map(toWebhookView) };
}

/** The client's webhook, or webhook_not_found (also for another client's id). */
export async function requireWebhook(db: Db, clientId: string, webhookId: string): Promise<WebhookRow> {
  const row = await repo.findWebhook(db, clientId, webhookId);
  if (!row) throw notFound('webhook');
  return row;
}

/** Spec, endpoint 21: "status (Success or Error), message". Deliveries not yet sent are dropped with the webhook. */
export async function deleteWebhook(
  db: Db,
  clientId: string,
  webhookId: string,
): Promise<{ status: 'Success'; message: string }> {
  if (!(await repo.deleteWebhook(db, clientId, webhookId))) {
    const message = 'No webhook with that id.';
    throw new AppError('webhook_not_found', message, { extra: { result: 'Error', message } });
  }
  return { status: 'Success', message: 'The webhook was deleted; it receives no more events.' };
}
