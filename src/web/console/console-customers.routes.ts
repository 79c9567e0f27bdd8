/** The console's customer and webhook pages and their actions (the index of paths: console.routes.ts). */
import type { FastifyReply } from 'fastify';
import type { HttpApp } from '../../http/server.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { audit, type ConsoleSession } from '../../modules/console/index.ts';
import { listCustomerConsents, refreshConsent } from '../../modules/consents/index.ts';
import { eraseCustomer, searchCustomers } from '../../modules/customers/index.ts';
import { createInvitation } from '../../modules/invitations/index.ts';
import { loadCustomerOverview, PdfUnavailableError, renderAffordabilityPdf } from '../../modules/overview/index.ts';
import { getReportReadiness } from '../../modules/reports/index.ts';
import { correctTransactionCategory, listLatestCategorised } from '../../modules/corrections/index.ts';
import { categorySection, CORRECTABLE_TRANSACTIONS } from './category-section.ts';
import { renderCustomerSections } from './customer-sections.ts';
import { webhookRoutes } from './console-webhooks.routes.ts';
import { field, isEmail, type ConsoleKit, type ConsoleRoutesDeps } from './console-kit.ts';
import {
  customerBody,
  customersBody,
  flash,
  inviteCustomerBody,
  invitedCustomerMessage,
  readinessInWords,
  readinessIsMoving,
  type CustomerListRow,
} from './console-customer-pages.ts';

const hide = { hide: true };
const PER_PAGE = 20;

type IdParams = { Params: { id: string } };

function pageNumber(query: unknown): number {
  const n = Number(field(query, 'page', 6));
  return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1;
}

function connectionOf(statuses: string[]): CustomerListRow['connection'] {
  const authorised = statuses.filter((s) => s === 'Authorised').length;
  if (authorised > 0) return { label: `Connected (${authorised} bank${authorised === 1 ? '' : 's'})`, tone: 'ok' };
  if (statuses.includes('AwaitingAuthorisation')) return { label: 'Waiting for the customer', tone: 'warn' };
  if (statuses.length > 0) return { label: 'Connection ended', tone: 'bad' };
  return { label: 'No bank connection', tone: 'none' }; // its data, if any, came by the API (endpoint 10)
}

export async function customerRoutes(c: HttpApp, deps: ConsoleRoutesDeps, kit: ConsoleKit): Promise<void> {
  await customerListRoute(c, deps, kit);
  await customerPageRoutes(c, deps, kit);
  await inviteCustomerRoutes(c, deps, kit);
  await webhookRoutes(c, deps, kit);
}

async function customerListRoute(c: HttpApp, deps: ConsoleRoutesDeps, kit: ConsoleKit): Promise<void> {
  c.get('/console/customers', { schema: hide }, async (request, reply) => {
    const s = await kit.signedIn(request, reply);
    if (!s) return reply;
    const query = field(request.query, 'q', 200);
    const page = pageNumber(request.query);
    // A list that may lag: on the replica once it has replayed what the primary held when the page was asked for.
    const db = await deps.reads.forList();
    const found = await searchCustomers(db, s.clientId, { query, page, maxPerPage: PER_PAGE });
    const rows: CustomerListRow[] = [];
    for (const customer of found.data) {
      const consents = await listCustomerConsents({ ...deps, db }, s.clientId, customer.id);
      const readiness = await getReportReadiness(db, s.clientId, customer.id, 'insights');
      rows.push({
        id: customer.id,
        user_reference: customer.user_reference,
        created_at: customer.created_at,
        connection: connectionOf(consents.data.map((x) => x.status)),
        readiness: { status: readiness.status, processing: readiness.processing },
      });
    }
    return kit.send(reply, 200, {
      title: 'Customers',
      session: s,
      section: 'customers',
      body: customersBody({
        rows,
        query,
        page,
        pages: Math.ceil(found.total / PER_PAGE),
        total: found.total,
        message:
          field(request.query, 'done', 20) === 'erased'
            ? flash('ok', 'The customer and all of their data were erased.')
            : '',
      }),
    });
  });
}

/** The customer's page: the overview, consents (with expiry notices), progress and the correctable transactions. */
async function customerPage(
  deps: ConsoleRoutesDeps,
  kit: ConsoleKit,
  reply: FastifyReply,
  s: ConsoleSession,
  id: string,
  message: ReturnType<typeof flash> | '',
  status = 200,
): Promise<FastifyReply> {
  const overview = await loadCustomerOverview(deps, s.clientId, id);
  if (!overview) throw notFound('customer');
  const consents = await listCustomerConsents(deps, s.clientId, id);
  const latest = await listLatestCategorised(deps.db, s.clientId, id, CORRECTABLE_TRANSACTIONS);
  const { processing } = await getReportReadiness(deps.db, s.clientId, id, 'insights');
  return kit.send(reply, status, {
    title: overview.customer.user_reference,
    session: s,
    section: 'customers',
    charts: true,
    body: customerBody({
      session: s,
      customer: overview.customer,
      readiness: overview.readiness,
      processing,
      hasSubmittedAccounts: overview.accounts.length > 0,
      consents: consents.data.map((x) => ({
        bank_slug: x.bank_slug,
        status: x.status,
        last_pulled_at: x.last_pulled_at,
        expiration_date_time: x.expiration_date_time,
        reconfirm_by_date_time: x.reconfirm_by_date_time,
      })),
      nowSeconds: Math.floor(deps.clock.now().getTime() / 1000),
      noticeDays: deps.config.consentExpiryNoticeDays,
      sections:
        renderCustomerSections(overview, { status: overview.readiness, processing }) +
        categorySection(s, id, latest).value,
      message,
    }),
  });
}

async function customerPageRoutes(c: HttpApp, deps: ConsoleRoutesDeps, kit: ConsoleKit): Promise<void> {
  const now = () => deps.clock.now();

  c.get<IdParams>('/console/customers/:id', { schema: hide }, async (request, reply) => {
    const s = await kit.signedIn(request, reply);
    if (!s) return reply;
    const done = field(request.query, 'done', 20);
    return customerPage(
      deps,
      kit,
      reply,
      s,
      request.params.id,
      done === 'refresh'
        ? flash('ok', 'A refresh from the bank was requested; the figures update when it has run.')
        : done === 'category'
          ? flash('ok', 'The category was changed; the report is being recomputed.')
          : '',
    );
  });

  // The readiness of the customer's report, for the page's script while a report is computed (console.js).
  c.get<IdParams>('/console/customers/:id/readiness.json', { schema: hide }, async (request, reply) => {
    const s = await kit.signedIn(request, reply);
    if (!s) return reply;
    const readiness = await getReportReadiness(deps.db, s.clientId, request.params.id, 'insights');
    const view = { status: readiness.status, processing: readiness.processing };
    return reply
      .header('cache-control', 'no-store')
      .send({ ...view, moving: readinessIsMoving(view), text: readinessInWords(view).sentence });
  });

  c.post<IdParams>('/console/customers/:id/refresh', { schema: hide }, async (request, reply) => {
    const s = await kit.guardPost(request, reply, 'admin');
    if (!s) return reply;
    const id = request.params.id;
    const consents = await listCustomerConsents(deps, s.clientId, id);
    const authorised = consents.data.filter((x) => x.status === 'Authorised');
    if (authorised.length === 0)
      throw new AppError('consent_not_authorised', 'The customer has no authorised bank connection to refresh.');
    for (const consent of authorised) await refreshConsent(deps, s.clientId, id, consent.consent_id);
    await audit(deps.db, s.clientId, 'console_refresh_requested', now(), {
      user_id: s.userId,
      customer_id: id,
      consents: authorised.length,
    });
    return reply.redirect(`/console/customers/${encodeURIComponent(id)}?done=refresh`, 303);
  });

  await eraseRoute(c, deps, kit);
  await pdfRoute(c, deps, kit);
  await categoryRoute(c, deps, kit);
}

async function categoryRoute(c: HttpApp, deps: ConsoleRoutesDeps, kit: ConsoleKit) {
  const now = () => deps.clock.now();
  // An admin changes a transaction's category (docs/decisions/0061-category-corrections-and-rules.md); the change is
  // kept with the console user's id, and an empty choice withdraws the correction.
  c.post<{ Params: { id: string; tid: string } }>(
    '/console/customers/:id/transactions/:tid/category',
    { schema: hide },
    async (request, reply) => {
      const s = await kit.guardPost(request, reply, 'admin');
      if (!s) return reply;
      const { id, tid } = request.params;
      if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(tid)) throw notFound('transaction');
      const categoryId = field(request.body, 'category_id', 100) || null;
      const ctx = {
        db: deps.db,
        queue: deps.queue,
        clientId: s.clientId,
        actor: { type: 'console_user' as const, id: s.userId },
        now: now(),
      };
      try {
        await correctTransactionCategory(ctx, id, tid, categoryId);
      } catch (err) {
        if (!(err instanceof AppError) || err.code !== 'validation_failed') throw err;
        return customerPage(deps, kit, reply, s, id, flash('error', err.message), 400);
      }
      return reply.redirect(`/console/customers/${encodeURIComponent(id)}?done=category`, 303);
    },
  );
}

async function pdfRoute(c: HttpApp, deps: ConsoleRoutesDeps, kit: ConsoleKit): Promise<void> {
  const now = () => deps.clock.now();
  c.get<IdParams>('/console/customers/:id/report.pdf', { schema: hide }, async (request, reply) => {
    const s = await kit.signedIn(request, reply);
    if (!s) return reply;
    const id = request.params.id;
    let pdf: Buffer | null;
    try {
      pdf = await renderAffordabilityPdf(deps, s.clientId, id);
    } catch (err) {
      if (err instanceof PdfUnavailableError) {
        reply.header('retry-after', '60');
        return kit.notice(
          reply,
          503,
          'The PDF is not available',
          'This installation cannot print PDF reports right now. The same figures are on the customer page.',
          s,
        );
      }
      throw err;
    }
    if (!pdf) throw notFound('customer');
    await audit(deps.db, s.clientId, 'console_report_downloaded', now(), { user_id: s.userId, customer_id: id });
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="affordability-${id.replace(/[^A-Za-z0-9_-]/g, '')}.pdf"`)
      .send(pdf);
  });
}

async function inviteCustomerRoutes(c: HttpApp, deps: ConsoleRoutesDeps, kit: ConsoleKit): Promise<void> {
  const now = () => deps.clock.now();
  const invitePage = (
    reply: FastifyReply,
    s: ConsoleSession,
    status: number,
    values: Record<string, string>,
    message: ReturnType<typeof flash> | '',
  ) =>
    kit.send(reply, status, {
      title: 'Invite a customer',
      session: s,
      section: 'invite',
      body: inviteCustomerBody({ csrf: s.csrfToken, values, message }),
    });

  c.get('/console/invite-customer', { schema: hide }, async (request, reply) => {
    const s = await kit.signedIn(request, reply);
    if (!s) return reply;
    if (s.role !== 'admin')
      return kit.notice(reply, 403, 'Not allowed', 'Only an admin of your organisation can invite customers.', s);
    return invitePage(reply, s, 200, { reference: field(request.query, 'reference', 200) }, '');
  });

  c.post('/console/invite-customer', { schema: hide }, async (request, reply) => {
    const s = await kit.guardPost(request, reply, 'admin');
    if (!s) return reply;
    const values = {
      reference: field(request.body, 'reference', 200),
      email: field(request.body, 'email', 254),
      first_name: field(request.body, 'first_name', 100),
      last_name: field(request.body, 'last_name', 100),
      send_email: field(request.body, 'send_email', 5) === 'yes' ? 'yes' : 'no',
    };
    if (!values.reference)
      return invitePage(reply, s, 400, values, flash('error', 'Enter your reference for the customer.'));
    if (!isEmail(values.email))
      return invitePage(reply, s, 400, values, flash('error', 'Enter a valid e-mail address.'));
    const invitation = await createInvitation(
      deps,
      s.clientId,
      {
        email: values.email,
        reference: values.reference,
        first_name: values.first_name || null,
        last_name: values.last_name || null,
        send_email: values.send_email === 'yes',
      },
      now(),
    );
    await audit(deps.db, s.clientId, 'console_customer_invited', now(), {
      user_id: s.userId,
      invitation_id: invitation.id,
      customer_id: invitation.customer_id,
    });
    const message = invitedCustomerMessage({
      url: invitation.url,
      emailed: invitation.send_email,
      customerId: invitation.customer_id,
    });
    return invitePage(reply, s, 200, {}, message);
  });
}

async function eraseRoute(c: HttpApp, deps: ConsoleRoutesDeps, kit: ConsoleKit): Promise<void> {
  // Erasure from the console (docs/decisions/0063-customer-erasure.md): an admin, who retypes the customer's
  // reference; the same erasure as the API's DELETE, recorded with the user's id.
  c.post<IdParams>('/console/customers/:id/erase', { schema: hide }, async (request, reply) => {
    const s = await kit.guardPost(request, reply, 'admin');
    if (!s) return reply;
    const id = request.params.id;
    const [customer] = (await searchCustomers(deps.db, s.clientId, { query: id, page: 1, maxPerPage: 1 })).data;
    if (!customer || customer.id !== id) throw notFound('customer');
    if (field(request.body, 'confirm', 300) !== customer.user_reference)
      return customerPage(
        deps,
        kit,
        reply,
        s,
        id,
        flash('error', 'Nothing was erased: type the customer’s reference exactly to confirm.'),
        400,
      );
    await eraseCustomer(deps.db, s.clientId, id, deps.erasure, {
      actor: 'console',
      reason: 'request',
      now: deps.clock.now(),
      userId: s.userId,
    });
    return reply.redirect('/console/customers?done=erased', 303);
  });
}
