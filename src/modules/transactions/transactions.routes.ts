/** Endpoints 10 and 11, and the categorised /transactions view (docs/decisions/0008-raw-and-categorised-transactions.md). */
import { Type, type Static } from 'typebox';
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { HttpApp } from '../../http/server.ts';
import type { Database } from '../../db/db.ts';
import type { LaggingReads } from '../../db/read-replica.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Config } from '../../config/config.ts';
import type { Queue } from '../../jobs/queue.ts';
import { clientOf, requireAuth } from '../../http/auth.ts';
import { pagingEnvelope, problemResponses, STANDARD_ERRORS } from '../../http/wire.ts';
import { AppError } from '../../lib/app-error.ts';
import { CustomerIdParams } from '../customers/index.ts';
import type { WorkerPool } from '../../workers/pool.ts';
import { registerBodyTaskParser, type BodyTask } from '../../http/json-body.ts';
import * as service from './transactions.service.ts';
import { SYNC_DEFAULT_COUNT, syncTransactions } from './feed.service.ts';
import { TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import {
  CategorisedTransactionList,
  checkSubmittedTransactions,
  RawTransactionList,
  ShallowSubmission,
  SubmissionResult,
  SubmittedTransaction,
  SyncQuery,
  SyncResult,
  TransactionCollectionBody,
  TransactionsQuery,
} from './transactions.wire.ts';
import { PreparedSubmission, READ_SUBMISSION, StreamedSubmission, WARM_UP } from './transactions.prepared.ts';
import type { SubmissionSchemas, SubmissionValue } from './transactions.task.ts';

const IdempotencyHeaders = Type.Object({
  'idempotency-key': Type.Optional(
    Type.String({ minLength: 1, maxLength: 255, description: 'replays the first answer for the same key and body' }),
  ),
});

function idempotencyOf(request: FastifyRequest): { key: string; requestHash: string } | undefined {
  const key = request.headers['idempotency-key'];
  if (key === undefined) return undefined;
  if (Array.isArray(key))
    throw new AppError('validation_failed', 'Send one Idempotency-Key header.', {
      errors: [{ pointer: '/headers/idempotency-key', detail: 'sent more than once' }],
    });
  // The key covers the endpoint and the body: the same key on another customer is another request.
  const requestHash = createHash('sha256')
    .update(`${request.url}\n${request.bodyHash ?? ''}`)
    .digest('hex');
  return { key, requestHash };
}

export interface TransactionRoutesDeps {
  db: Database;
  /** where the pages go, the replica when it has caught up with the customer (src/db/read-replica.ts) */
  reads: Pick<LaggingReads, 'forCustomer'>;
  clock: Clock;
  queue: Queue;
  config: Pick<Config, 'publicBaseUrl' | 'bodyLimitBytes'>;
  workerPool: Pick<WorkerPool, 'run'>;
  /** seals the change feed's cursors (feed-cursor.ts) */
  installationKey: string;
}

export async function transactionRoutes(app: HttpApp, deps: TransactionRoutesDeps): Promise<void> {
  // Its own scope: its JSON parser copies a big body into shared memory as it arrives (src/http/json-body.ts).
  await app.register(async (scope) => {
    registerBodyTaskParser(scope, deps.db.kind === 'pglite', deps.workerPool);
    await submissionRoute(scope, deps);
  });
  await transactionReadRoutes(app, deps);
  await syncRoute(app, deps);
}

/**
 * Big bodies are read on a worker thread (transactions.task.ts): parsed, checked and turned into packed rows there.
 * Its answer becomes a PreparedSubmission, or a stand-in of a body of the wrong shape for the validator to refuse.
 */
function submissionBodyTask(deps: TransactionRoutesDeps): BodyTask<SubmissionSchemas, SubmissionValue> {
  return {
    task: READ_SUBMISSION,
    warm: WARM_UP,
    input: { shallow: ShallowSubmission, item: SubmittedTransaction },
    receive: (value, body) =>
      'standIn' in value ? value.standIn : new PreparedSubmission(value, body, deps.workerPool),
    // Not read before the handler: a first submission is loaded while it is read (the service's streamed path).
    // Read, a body of the wrong shape is refused as the validator refuses it.
    defer: (body, read, arrival) =>
      new StreamedSubmission(
        body,
        async () => {
          const value = await read();
          if (value instanceof PreparedSubmission) return value;
          throw shapeError(value);
        },
        deps.workerPool,
        SubmittedTransaction,
        arrival,
      ),
  };
}

/** The body validator's refusal of a body of the wrong shape, for one the handler read (a StreamedSubmission). */
const checkShape = TypeBoxValidatorCompiler({
  schema: ShallowSubmission,
  httpPart: 'body',
  method: 'POST',
  url: '/public/v3/customers/:customer_id/transaction_collections',
});
function shapeError(standIn: unknown): Error {
  const checked = checkShape(standIn) as { error?: unknown[] };
  return Object.assign(new Error('body does not match its schema'), {
    statusCode: 400,
    code: 'FST_ERR_VALIDATION',
    validation: checked.error ?? [],
    validationContext: 'body',
  });
}

/** Endpoint 10: up to 100 000 transactions per request, all or nothing. */
async function submissionRoute(app: HttpApp, deps: TransactionRoutesDeps): Promise<void> {
  const bearer = requireAuth(deps, 'bearer');
  const tags = ['Transactions'];
  const security = [{ Bearer: [] }];

  app.post(
    '/public/v3/customers/:customer_id/transaction_collections',
    {
      onRequest: bearer,
      schema: {
        summary: '10. Post bank transactions (up to 100 000, all or nothing)',
        description:
          "Submits a customer's transactions (bank data by submission): up to 100 000 in one call, stored all or nothing. Send an `Idempotency-Key` to retry safely; a transaction with the same id as one held is updated. Answers when they are stored; the reports are computed afterwards (poll endpoint 18 or wait for a webhook).",
        tags,
        security,
        params: CustomerIdParams,
        headers: IdempotencyHeaders,
        body: TransactionCollectionBody,
        response: { 200: SubmissionResult, ...problemResponses(...STANDARD_ERRORS, 409, 413, 422) },
      },
      // The one route with a large body (BODY_LIMIT_BYTES); every other takes DEFAULT_BODY_LIMIT_BYTES.
      bodyLimit: deps.config.bodyLimitBytes,
      config: { bodyTask: submissionBodyTask(deps) as BodyTask<object, unknown> },
      // The body's items are checked in slices by checkSubmittedTransactions (see transactions.wire.ts), or with
      // the whole body on a worker thread (a PreparedSubmission: its shape was checked there).
      validatorCompiler: (route) => {
        if (route.httpPart !== 'body') return TypeBoxValidatorCompiler(route);
        const shallow = TypeBoxValidatorCompiler({ ...route, schema: ShallowSubmission });
        return (data: unknown) =>
          data instanceof PreparedSubmission || data instanceof StreamedSubmission ? { value: data } : shallow(data);
      },
    },
    async (request, reply) => {
      let body: unknown = request.body;
      // The body's item checks (a big body's verdict comes from the worker thread; one not read yet is checked as
      // the service reads it), before the headers' and the customer's. Repeated Idempotency-Key headers are refused
      // after the body's own checks, so such a body is read here.
      if (body instanceof StreamedSubmission && Array.isArray(request.headers['idempotency-key']))
        body = await body.read();
      if (body instanceof PreparedSubmission) body.checkItems();
      else if (!(body instanceof StreamedSubmission)) await checkSubmittedTransactions(request.body.transactions);
      const { body: answer, replayed } = await service.submitTransactions(
        {
          db: deps.db,
          queue: deps.queue,
          clientId: clientOf(request).clientId,
          customerId: request.params.customer_id,
          now: deps.clock.now(),
          idempotency: idempotencyOf(request),
        },
        body instanceof StreamedSubmission || body instanceof PreparedSubmission ? body : request.body.transactions,
      );
      if (replayed) reply.header('idempotent-replayed', 'true');
      return answer;
    },
  );
}

/** Endpoint 11 (raw) and the categorised view, with the same filters and paging. */
async function transactionReadRoutes(app: HttpApp, deps: TransactionRoutesDeps): Promise<void> {
  const bearer = requireAuth(deps, 'bearer');
  const tags = ['Transactions'];
  const security = [{ Bearer: [] }];
  const listSchema = (
    summary: string,
    description: string,
    list: typeof RawTransactionList | typeof CategorisedTransactionList,
  ) => ({
    onRequest: bearer,
    schema: {
      summary,
      description,
      tags,
      security,
      params: CustomerIdParams,
      querystring: TransactionsQuery,
      response: { 200: list, ...problemResponses(...STANDARD_ERRORS) },
    },
  });

  /** One page of a customer's transactions, raw (endpoint 11) or with our categories, and its paging members. */
  const listPage = async (
    request: FastifyRequest & { params: { customer_id: string }; query: Static<typeof TransactionsQuery> },
    resource: 'raw-transactions' | 'transactions',
  ) => {
    const { page = 1, max_per_page: maxPerPage = 1000, cursor, ...filters } = request.query;
    const customerId = request.params.customer_id;
    const { rows, total, nextCursor } = await service.listRawTransactions(
      await deps.reads.forCustomer(customerId),
      clientOf(request).clientId,
      customerId,
      filters,
      page,
      maxPerPage,
      cursor,
      resource === 'transactions',
    );
    const path = `/public/v3/customers/${customerId}/${resource}`;
    return {
      rows,
      envelope: pagingEnvelope(deps.config.publicBaseUrl, path, request.query, page, maxPerPage, total, nextCursor),
    };
  };

  app.get(
    '/public/v3/customers/:customer_id/raw-transactions',
    listSchema(
      '11. Get raw transactions',
      "The customer's transactions as the bank or your submission gave them, paged (by page number, or faster by the cursor in `_links.next`). Filter by bank and account number, account type, currency and booking date range; each carries its account, amount (negative for money out), currency, status, dates and the bank's text.",
      RawTransactionList,
    ),
    async (request) => {
      const { rows, envelope } = await listPage(request, 'raw-transactions');
      return { data: rows.map(service.toRawWire), ...envelope };
    },
  );

  app.get(
    '/public/v3/customers/:customer_id/transactions',
    listSchema(
      'Get categorised transactions',
      "The same transactions, with the filters and paging of endpoint 11, each with the category the service assigned (name and endpoint 19's id) and the merchant it recognised.",
      CategorisedTransactionList,
    ),
    async (request) => {
      const { rows, envelope } = await listPage(request, 'transactions');
      return { data: rows.map(service.toCategorisedWire), ...envelope };
    },
  );
}

/** The change feed of a customer's transactions (docs/decisions/0052-transaction-change-feed.md). */
async function syncRoute(app: HttpApp, deps: TransactionRoutesDeps): Promise<void> {
  app.get(
    '/public/v3/customers/:customer_id/transactions/sync',
    {
      onRequest: requireAuth(deps, 'bearer'),
      schema: {
        summary: 'Sync transactions: what was added, modified and removed since a cursor',
        description:
          "Reads what changed in the customer's transactions since a cursor: `added`, `modified` and `removed`, in the order the changes were made, with `next_cursor` and `has_more`. Start without a cursor to read everything; keep `next_cursor` for the next call. A cursor is bound to your client and this customer.",
        tags: ['Transactions'],
        security: [{ Bearer: [] }],
        params: CustomerIdParams,
        querystring: SyncQuery,
        response: { 200: SyncResult, ...problemResponses(...STANDARD_ERRORS) },
      },
    },
    (request) =>
      syncTransactions(deps.db, {
        installationKey: deps.installationKey,
        clientId: clientOf(request).clientId,
        customerId: request.params.customer_id,
        cursor: request.query.cursor,
        count: request.query.count ?? SYNC_DEFAULT_COUNT,
      }),
  );
}
