/** What the console's route files share: its deps, form fields, sending pages, the signed-in user, the POST guard. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config/config.ts';
import type { LaggingReads } from '../../db/read-replica.ts';
import type { ErasureSteps } from '../../modules/customers/index.ts';
import type { Queue } from '../../jobs/queue.ts';
import { findSession, type ConsoleDeps, type ConsoleSession } from '../../modules/console/index.ts';
import type { ConsentDeps } from '../../modules/consents/index.ts';
import type { InvitationDeps } from '../../modules/invitations/index.ts';
import type { OverviewDeps } from '../../modules/overview/index.ts';
import { clearSessionCookie, cookieNames, csrfMatches, isSameOrigin } from './console-http.ts';
import { consolePage, type ConsolePage } from './console-layout.ts';
import { noticeBody } from './console-pages.ts';

/** What the console needs; the composition root's AppDeps satisfies it. */
export type ConsoleRoutesDeps = ConsoleDeps &
  OverviewDeps &
  ConsentDeps &
  InvitationDeps & {
    queue: Queue;
    config: Pick<Config, 'pagesPerMinute' | 'publicBaseUrl' | 'smtpUrl'>;
    /** the other modules' parts of a customer's erasure (src/app/customer-erasure.ts) */
    erasure: ErasureSteps;
    /** where the lists go, the replica when it has caught up with the primary (src/db/read-replica.ts) */
    reads: Pick<LaggingReads, 'forList'>;
  };

const EMAIL = /^[^\s@<>"]{1,64}@[^\s@<>"]{1,190}\.[^\s@<>"]{1,60}$/;

/** A string field of a form body, trimmed and cut to `max` characters; '' when absent. */
export function field(body: unknown, name: string, max = 200): string {
  const v = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;
  return typeof v === 'string' ? v.trim().slice(0, max) : '';
}

export function isEmail(s: string): boolean {
  return s.length <= 254 && EMAIL.test(s);
}

/** What the console's route files share: sending pages, the signed-in user, the POST guard. */
export function consoleKit(deps: ConsoleRoutesDeps) {
  const names = cookieNames(deps.config.publicBaseUrl);
  const publicOrigin = new URL(deps.config.publicBaseUrl).origin;
  const send = (reply: FastifyReply, status: number, o: ConsolePage) =>
    reply.code(status).type('text/html; charset=utf-8').send(consolePage(o));
  const notice = (reply: FastifyReply, status: number, title: string, text: string, session?: ConsoleSession | null) =>
    send(reply, status, {
      title,
      session,
      body: noticeBody(
        title,
        text,
        session ? { href: '/console/customers', label: 'Back to the customers' } : undefined,
      ),
    });
  const sessionOf = async (request: FastifyRequest): Promise<ConsoleSession | null> => {
    const token = request.cookies[names.session];
    return token ? findSession(deps, token) : null;
  };
  /** The signed-in user of a page, or null after sending the browser to the sign-in page. */
  const signedIn = async (request: FastifyRequest, reply: FastifyReply): Promise<ConsoleSession | null> => {
    const s = await sessionOf(request);
    if (!s) {
      clearSessionCookie(reply, names);
      await reply.redirect('/console/sign-in', 303);
    }
    return s;
  };
  /** A POST's user: a live session, this service's Origin, the session's CSRF token, and the role when asked. */
  const guardPost = async (
    request: FastifyRequest,
    reply: FastifyReply,
    role: 'viewer' | 'admin',
  ): Promise<ConsoleSession | null> => {
    if (!isSameOrigin(request, publicOrigin)) {
      await notice(reply, 403, 'Refused', 'This form was not sent from the console. Reload the page and try again.');
      return null;
    }
    const s = await sessionOf(request);
    if (!s) {
      clearSessionCookie(reply, names);
      await notice(reply, 403, 'Your session has ended', 'Sign in again to continue.');
      return null;
    }
    if (!csrfMatches(field(request.body, 'csrf'), s.csrfToken)) {
      await notice(reply, 403, 'Refused', 'This form has expired. Reload the page and try again.', s);
      return null;
    }
    if (role === 'admin' && s.role !== 'admin') {
      await notice(reply, 403, 'Not allowed', 'Only an admin of your organisation can do this.', s);
      return null;
    }
    return s;
  };
  return { names, publicOrigin, send, notice, sessionOf, signedIn, guardPost };
}

export type ConsoleKit = ReturnType<typeof consoleKit>;
