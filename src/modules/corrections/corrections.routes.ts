/**
 * Corrections that stick (docs/decisions/0061-category-corrections-and-rules.md): a transaction's category changed
 * by the client, its history, the client's rules with a preview, and the corrections exported as labels.
 */
import type { FastifyRequest } from 'fastify';
import type { HttpApp } from '../../http/server.ts';
import type { Database } from '../../db/db.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Queue } from '../../jobs/queue.ts';
import { clientOf, requireAuth } from '../../http/auth.ts';
import { problemResponses, STANDARD_ERRORS } from '../../http/wire.ts';
import { CategorisedTransaction } from '../transactions/index.ts';
import * as corrections from './corrections.service.ts';
import * as rules from './rules.service.ts';
import {
  CategoryHistory,
  CorrectionBody,
  LabelExport,
  PreviewQuery,
  Rule,
  RuleBody,
  RuleDeleted,
  RuleIdParams,
  RuleList,
  RulePatch,
  RulePreview,
  TransactionParams,
} from './corrections.wire.ts';

export interface CorrectionRoutesDeps {
  db: Database;
  clock: Clock;
  queue: Queue;
}

const security = [{ Bearer: [] }];

export async function correctionRoutes(app: HttpApp, deps: CorrectionRoutesDeps): Promise<void> {
  await transactionCorrectionRoutes(app, deps);
  await ruleRoutes(app, deps);
}

function context(deps: CorrectionRoutesDeps, request: FastifyRequest): corrections.CorrectionContext {
  const clientId = clientOf(request).clientId;
  return {
    db: deps.db,
    queue: deps.queue,
    clientId,
    actor: { type: 'api_client', id: clientId },
    now: deps.clock.now(),
  };
}

async function transactionCorrectionRoutes(app: HttpApp, deps: CorrectionRoutesDeps): Promise<void> {
  const bearer = requireAuth(deps, 'bearer');
  const tags = ['Transactions'];

  app.patch(
    '/public/v3/customers/:customer_id/transactions/:transaction_id',
    {
      onRequest: bearer,
      schema: {
        summary: "Correct a transaction's category",
        description:
          "Sets the transaction's category (a category id of endpoint 19 for its account type, fitting the direction of its money), or withdraws the correction with null. The correction wins over the engine and over rules in every report, survives recomputation and new pulls or resubmissions of the same transaction, and is kept with who made it and when. The customer's reports become not_ready and are recomputed (REPORT_UPDATED follows). Answers the transaction as the categorised view shows it, with the engine's category as original_category.",
        tags,
        security,
        params: TransactionParams,
        body: CorrectionBody,
        response: { 200: CategorisedTransaction, ...problemResponses(...STANDARD_ERRORS) },
      },
    },
    (request) =>
      corrections.correctTransactionCategory(
        context(deps, request),
        request.params.customer_id,
        request.params.transaction_id,
        request.body.category_id,
      ),
  );

  app.get(
    '/public/v3/customers/:customer_id/transactions/:transaction_id/category_history',
    {
      onRequest: bearer,
      schema: {
        summary: "A transaction's category changes",
        description:
          'Every correction of the transaction, oldest first: the category set (null: withdrawn), the one before, who and when.',
        tags,
        security,
        params: TransactionParams,
        response: { 200: CategoryHistory, ...problemResponses(...STANDARD_ERRORS) },
      },
    },
    async (request) => ({
      data: await corrections.listCategoryHistory(
        deps.db,
        clientOf(request).clientId,
        request.params.customer_id,
        request.params.transaction_id,
      ),
    }),
  );

  app.get(
    '/public/v3/category_corrections/labels',
    {
      onRequest: bearer,
      schema: {
        summary: 'Export corrections as labelled transactions',
        description:
          "Every transaction of the client's customers with a current correction: its engine input (text, amount, type, merchant, code, date), the label a person set and what the engine decided. The file is what `npm run eval -- --labels <file>` reads (docs/evaluation.md).",
        tags: ['Categories'],
        security,
        response: { 200: LabelExport, ...problemResponses(...STANDARD_ERRORS) },
      },
    },
    (request) => corrections.exportCorrectionLabels(deps.db, clientOf(request).clientId, deps.clock.now()),
  );
}

async function ruleRoutes(app: HttpApp, deps: CorrectionRoutesDeps): Promise<void> {
  const bearer = requireAuth(deps, 'bearer');
  const tags = ['Categories'];

  app.get(
    '/public/v3/category_rules',
    {
      onRequest: bearer,
      schema: {
        summary: "List the client's category rules",
        description:
          'Rules map a pattern on the statement text or the payee to a category, for every customer of the client.',
        tags,
        security,
        response: { 200: RuleList, ...problemResponses(...STANDARD_ERRORS) },
      },
    },
    (request) => rules.listRules(deps.db, clientOf(request).clientId),
  );

  app.get(
    '/public/v3/category_rules/:rule_id',
    {
      onRequest: bearer,
      schema: {
        summary: 'Get a category rule',
        description:
          "One of the client's category rules: its pattern, the category it sets, its priority and when it was made. 404 for a rule of another client.",
        tags,
        security,
        params: RuleIdParams,
        response: { 200: Rule, ...problemResponses(...STANDARD_ERRORS) },
      },
    },
    (request) => rules.getRule(deps.db, clientOf(request).clientId, request.params.rule_id),
  );
  await ruleWriteRoutes(app, deps);
}

async function ruleWriteRoutes(app: HttpApp, deps: CorrectionRoutesDeps): Promise<void> {
  const bearer = requireAuth(deps, 'bearer');
  const tags = ['Categories'];
  const marks =
    'The reports of every customer the rule touches (before or after the change) become not_ready and are recomputed.';

  app.post(
    '/public/v3/category_rules',
    {
      onRequest: bearer,
      schema: {
        summary: 'Create a category rule',
        description: `A transaction of the account type whose text (or payee) matches the pattern takes the category, unless a correction holds it or an earlier rule matched; only transactions whose money goes the category's way (income or expenditure). Patterns are plain text, never regular expressions. ${marks}`,
        tags,
        security,
        body: RuleBody,
        response: { 201: Rule, ...problemResponses(...STANDARD_ERRORS) },
      },
    },
    async (request, reply) => reply.code(201).send(await rules.createRule(context(deps, request), request.body)),
  );

  app.post(
    '/public/v3/category_rules/preview',
    {
      onRequest: bearer,
      schema: {
        summary: 'Preview what a category rule would change',
        description:
          'Stores nothing: counts the transactions the rule would match and change (over every customer of the client, or one), the categories they would leave, and up to 20 examples, as the next computation would apply it beside the existing rules.',
        tags,
        security,
        querystring: PreviewQuery,
        body: RuleBody,
        response: { 200: RulePreview, ...problemResponses(...STANDARD_ERRORS) },
      },
    },
    (request) => rules.previewRule(deps.db, clientOf(request).clientId, request.body, request.query.customer_id),
  );

  app.patch(
    '/public/v3/category_rules/:rule_id',
    {
      onRequest: bearer,
      schema: {
        summary: 'Change a category rule',
        description: `Changes the members sent. ${marks}`,
        tags,
        security,
        params: RuleIdParams,
        body: RulePatch,
        response: { 200: Rule, ...problemResponses(...STANDARD_ERRORS) },
      },
    },
    (request) => rules.updateRule(context(deps, request), request.params.rule_id, request.body),
  );

  app.delete(
    '/public/v3/category_rules/:rule_id',
    {
      onRequest: bearer,
      schema: {
        summary: 'Delete a category rule',
        description: `The rule stops applying. ${marks}`,
        tags,
        security,
        params: RuleIdParams,
        response: { 200: RuleDeleted, ...problemResponses(...STANDARD_ERRORS) },
      },
    },
    async (request) => {
      await rules.deleteRule(context(deps, request), request.params.rule_id);
      return { status: 'deleted' as const };
    },
  );
}
