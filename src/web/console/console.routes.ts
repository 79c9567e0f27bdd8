/**
 * The lender console (docs/decisions/0034-console.md), server-rendered HTML under /console:
 *
 *   GET  /console                                     → the customers, or the sign-in page
 *   GET  /console/sign-in, POST /console/sign-in      sign-in (throttled; pre-session CSRF token)
 *   POST /console/sign-out
 *   GET  /console/invitations/{token}, POST …         a staff invitation: set a password, signed in
 *   GET  /console/customers[?q=&page=]                the customers (console-customers.routes.ts)
 *   GET  /console/customers/{id}                      one customer (the overview module's sections)
 *   POST /console/customers/{id}/refresh              (admin) a pull now from each authorised bank
 *   GET  /console/customers/{id}/report.pdf           the affordability PDF
 *   GET  /console/invite-customer, POST …             (admin) a customer invitation
 *   GET  /console/webhooks[/{id}], POST …/deliveries/{id}/replay   the delivery log, (admin) replay
 *   GET  /console/staff, POST /console/staff          (admin) the staff and their invitations
 *   GET  /console/settings, POST …/retention          the retention period; (admin) changing it
 *   GET  /console/assets/*                            the console's CSS and JS, ECharts
 *
 * Every page: a strict CSP and the other headers of console-http.ts; every POST: Origin and CSRF token checked.
 */
import formbody from '@fastify/formbody';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { HttpApp } from '../../http/server.ts';
import { perAddress } from '../../http/throttle.ts';
import { clientAddress } from '../../http/client-address.ts';
import { statusForCode } from '../../http/error-codes.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  acceptStaffInvitation,
  findStaffInvitation,
  inviteStaff,
  listStaff,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  signIn,
  signOut,
  type ConsoleSession,
} from '../../modules/console/index.ts';
import { html } from '../html.ts';
import { CONSOLE_ASSETS } from './console-assets.ts';
import {
  clearSessionCookie,
  isSameOrigin,
  preSessionMatches,
  preSessionToken,
  setConsoleHeaders,
  setSessionCookie,
} from './console-http.ts';
import { flash, invitationBody, signInBody, staffBody } from './console-pages.ts';
import { customerRoutes } from './console-customers.routes.ts';
import { settingsRoutes } from './console-settings.routes.ts';
import { consoleKit, field, isEmail, type ConsoleKit, type ConsoleRoutesDeps } from './console-kit.ts';

export type { ConsoleRoutesDeps } from './console-kit.ts';

const hide = { hide: true };

export async function consoleRoutes(app: HttpApp, deps: ConsoleRoutesDeps): Promise<void> {
  await app.register(async (c: HttpApp) => {
    await c.register(formbody, { bodyLimit: 16 * 1024 });
    c.addHook('onRequest', perAddress(c, 'console', deps.config.pagesPerMinute));
    c.addHook('onRequest', async (_request, reply) => setConsoleHeaders(reply));
    const kit = consoleKit(deps);
    c.setErrorHandler(async (error: unknown, request, reply) => {
      const known = error instanceof AppError ? error : null;
      const code = (error as { statusCode?: unknown } | null)?.statusCode;
      const status = known ? statusForCode(known.code) : typeof code === 'number' && code < 500 ? code : 500;
      if (status >= 500 && !known) request.log.error({ err: error }, 'a console page failed');
      const session = await kit.sessionOf(request).catch(() => null);
      if (known) for (const [k, v] of Object.entries(known.headers)) reply.header(k, v);
      const text =
        status === 404
          ? 'There is nothing here, or it belongs to another organisation.'
          : known
            ? known.message
            : status < 500
              ? 'The request could not be understood.'
              : 'Something went wrong on our side. Try again shortly.';
      return kit.notice(reply, status, status === 404 ? 'Not found' : 'Could not do that', text, session);
    });

    c.get('/console/assets/:file', { schema: hide }, async (request, reply) => {
      const asset = CONSOLE_ASSETS[request.url.split('?', 1)[0] ?? ''];
      if (!asset) return kit.notice(reply, 404, 'Not found', 'No such file.');
      return reply.type(asset.type).header('cache-control', asset.cacheControl).send(asset.body);
    });

    c.get('/console', { schema: hide }, async (request, reply) =>
      reply.redirect((await kit.sessionOf(request)) ? '/console/customers' : '/console/sign-in', 303),
    );

    await signInRoutes(c, deps, kit);
    await invitationRoutes(c, deps, kit);
    await staffRoutes(c, deps, kit);
    await customerRoutes(c, deps, kit);
    await settingsRoutes(c, deps, kit);
  });
}

async function signInRoutes(c: HttpApp, deps: ConsoleRoutesDeps, kit: ConsoleKit): Promise<void> {
  const { names } = kit;
  const signInPage = (
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    v: { clientId: string; email: string; error: string | null },
  ) =>
    kit.send(reply, status, {
      title: 'Sign in',
      body: signInBody({ ...v, csrf: preSessionToken(request, reply, names) }),
    });

  c.get('/console/sign-in', { schema: hide }, async (request, reply) => {
    if (await kit.sessionOf(request)) return reply.redirect('/console/customers', 303);
    return signInPage(request, reply, 200, { clientId: field(request.query, 'client', 100), email: '', error: null });
  });

  c.post('/console/sign-in', { schema: hide }, async (request, reply) => {
    const body = request.body;
    const clientId = field(body, 'client_id', 100);
    const email = field(body, 'email', 254);
    if (!isSameOrigin(request, kit.publicOrigin) || !preSessionMatches(request, names, field(body, 'csrf'))) {
      return signInPage(request, reply, 403, { clientId, email, error: 'The form had expired. Please try again.' });
    }
    const password =
      typeof (body as Record<string, unknown>)?.password === 'string'
        ? String((body as Record<string, unknown>).password)
        : '';
    if (!clientId || !email || !password || password.length > MAX_PASSWORD_LENGTH) {
      return signInPage(request, reply, 400, {
        clientId,
        email,
        error: 'Enter your organisation ID, e-mail and password.',
      });
    }
    const outcome = await signIn(deps, { clientId, email, password, address: clientAddress(request) });
    if (!outcome.ok && outcome.reason === 'locked') {
      reply.header('retry-after', String(outcome.retryAfterSeconds));
      const minutes = Math.max(1, Math.ceil(outcome.retryAfterSeconds / 60));
      return signInPage(request, reply, 429, {
        clientId,
        email,
        error: `Too many failed attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      });
    }
    if (!outcome.ok) {
      return signInPage(request, reply, 401, {
        clientId,
        email,
        error: 'The organisation ID, e-mail or password is not right.',
      });
    }
    setSessionCookie(reply, names, outcome.token, deps.config.consoleSessionMaxSeconds);
    return reply.redirect('/console/customers', 303);
  });

  c.post('/console/sign-out', { schema: hide }, async (request, reply) => {
    const s = await kit.guardPost(request, reply, 'viewer');
    if (!s) return reply;
    await signOut(deps, s);
    clearSessionCookie(reply, names);
    return reply.redirect('/console/sign-in', 303);
  });
}

async function invitationRoutes(c: HttpApp, deps: ConsoleRoutesDeps, kit: ConsoleKit): Promise<void> {
  const { names } = kit;
  const invitationPage = async (
    request: FastifyRequest<{ Params: { token: string } }>,
    reply: FastifyReply,
    status: number,
    error: string | null,
  ) => {
    const invitation = await findStaffInvitation(deps, request.params.token);
    if (!invitation)
      return kit.notice(
        reply,
        404,
        'This invitation cannot be used',
        'It has been used already or has expired. Ask an admin of your organisation for a new one.',
      );
    return kit.send(reply, status, {
      title: 'Join the console',
      body: invitationBody({
        invitation,
        csrf: preSessionToken(request, reply, names),
        action: `/console/invitations/${encodeURIComponent(request.params.token)}`,
        error,
      }),
    });
  };

  c.get<{ Params: { token: string } }>('/console/invitations/:token', { schema: hide }, async (request, reply) =>
    invitationPage(request, reply, 200, null),
  );

  c.post<{ Params: { token: string } }>('/console/invitations/:token', { schema: hide }, async (request, reply) => {
    const body = request.body as Record<string, unknown> | undefined;
    if (!isSameOrigin(request, kit.publicOrigin) || !preSessionMatches(request, names, field(body, 'csrf')))
      return invitationPage(request, reply, 403, 'The form had expired. Please try again.');
    const password = typeof body?.password === 'string' ? body.password : '';
    const confirm = typeof body?.confirm === 'string' ? body.confirm : '';
    if (password.length < MIN_PASSWORD_LENGTH || password.length > MAX_PASSWORD_LENGTH)
      return invitationPage(
        request,
        reply,
        400,
        `The password must have ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters.`,
      );
    if (password !== confirm) return invitationPage(request, reply, 400, 'The two passwords differ.');
    const accepted = await acceptStaffInvitation(deps, request.params.token, password);
    if (!accepted) return invitationPage(request, reply, 404, null);
    setSessionCookie(reply, names, accepted.token, deps.config.consoleSessionMaxSeconds);
    return reply.redirect('/console/customers', 303);
  });
}

async function staffRoutes(c: HttpApp, deps: ConsoleRoutesDeps, kit: ConsoleKit): Promise<void> {
  const staffPage = async (
    reply: FastifyReply,
    s: ConsoleSession,
    status: number,
    message: ReturnType<typeof flash> | '',
  ) => {
    const { users, pending } = await listStaff(deps, s.clientId);
    return kit.send(reply, status, {
      title: 'Staff',
      session: s,
      section: 'staff',
      body: staffBody({ csrf: s.csrfToken, users, pending, message }),
    });
  };
  c.get('/console/staff', { schema: hide }, async (request, reply) => {
    const s = await kit.signedIn(request, reply);
    if (!s) return reply;
    if (s.role !== 'admin')
      return kit.notice(reply, 403, 'Not allowed', 'Only an admin of your organisation can see this.', s);
    return staffPage(reply, s, 200, '');
  });
  c.post('/console/staff', { schema: hide }, async (request, reply) => {
    const s = await kit.guardPost(request, reply, 'admin');
    if (!s) return reply;
    const email = field(request.body, 'email', 254);
    const role = field(request.body, 'role', 10);
    if (!isEmail(email)) return staffPage(reply, s, 400, flash('error', 'Enter a valid e-mail address.'));
    if (role !== 'viewer' && role !== 'admin') return staffPage(reply, s, 400, flash('error', 'Choose a role.'));
    const invitation = await inviteStaff(deps, s.clientId, { email, role, sendEmail: true }, { userId: s.userId });
    const shown =
      deps.config.smtpUrl === null
        ? html`<div class="notice ok" role="status"><p>Invitation created for ${email}. No mail server is configured: give them this link (it works once): <code>${invitation.url}</code></p></div>`
        : flash(
            invitation.emailed ? 'ok' : 'error',
            invitation.emailed
              ? `Invitation e-mailed to ${email}.`
              : `The e-mail to ${email} could not be sent; try again.`,
          );
    return staffPage(reply, s, 200, shown);
  });
}
