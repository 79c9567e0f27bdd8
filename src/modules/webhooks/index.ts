/** The webhooks module's public face: events go out through the outbox. Routes are wired by src/app/routes.ts. */
export { emitWebhookEvent } from './webhooks.outbox.ts';
export { listWebhooks } from './webhooks.service.ts';
export { listDeliveries, replayDelivery, sendTestEvent } from './deliveries.service.ts';
export { runDueDeliveries } from './webhooks.worker.ts';
export { resumeWebhookDispatch, runWebhookDispatch } from './webhooks.dispatch.ts';
