/**
 * The lender console through app.inject: a small cookie jar, the forms' CSRF tokens, and console users made the
 * way people get them (an invitation link, a password set on its page).
 */
import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';
import { inviteStaff, type ConsoleRole } from '../../src/modules/console/index.ts';
import type { TestService } from './app.ts';

export const ORIGIN = 'http://127.0.0.1:8080';
export const PASSWORD = 'correct horse battery staple';

export class Jar {
  readonly cookies = new Map<string, string>();
  take(res: LightMyRequestResponse): void {
    for (const c of res.cookies) {
      if (c.value === '' || (c.expires && c.expires.getTime() <= Date.now())) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
  }
  header(): Record<string, string> {
    return this.cookies.size ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {};
  }
}

/** The hidden CSRF field of the page's first form. */
export function csrfOf(body: string): string {
  const m = /name="csrf" value="([^"]+)"/.exec(body);
  assert.ok(m, 'the page has a CSRF field');
  return m[1] as string;
}

export class ConsoleBrowser {
  readonly jar = new Jar();
  readonly svc: TestService;
  constructor(svc: TestService) {
    this.svc = svc;
  }

  async get(url: string): Promise<LightMyRequestResponse> {
    const res = await this.svc.app.inject({ method: 'GET', url, headers: this.jar.header() });
    this.jar.take(res);
    return res;
  }

  /** A form POST; by default with the Origin a browser on the service's public address sends. */
  async post(
    url: string,
    form: Record<string, string>,
    headers: Record<string, string> = { origin: new URL(this.svc.deps.config.publicBaseUrl).origin },
  ) {
    const res = await this.svc.app.inject({
      method: 'POST',
      url,
      headers: { ...this.jar.header(), ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    });
    this.jar.take(res);
    return res;
  }

  /** Posts a page's form with that page's CSRF token. */
  async submit(pageUrl: string, action: string, form: Record<string, string>) {
    const page = await this.get(pageUrl);
    assert.equal(page.statusCode, 200, page.body);
    return this.post(action, { csrf: csrfOf(page.body), ...form });
  }

  async signIn(clientId: string, email: string, password = PASSWORD) {
    return this.submit('/console/sign-in', '/console/sign-in', { client_id: clientId, email, password });
  }
}

/** A console user of the client, invited by the operator, with PASSWORD set on the invitation page: signed in. */
export async function consoleUser(
  svc: TestService,
  clientId: string,
  role: ConsoleRole,
  email = `${role}-${Math.random().toString(36).slice(2)}@example.com`,
): Promise<{ browser: ConsoleBrowser; email: string }> {
  const invitation = await inviteStaff(svc.deps, clientId, { email, role, sendEmail: false }, null);
  const path = new URL(invitation.url).pathname;
  const browser = new ConsoleBrowser(svc);
  const res = await browser.submit(path, path, { password: PASSWORD, confirm: PASSWORD });
  assert.equal(res.statusCode, 303, res.body);
  assert.equal(res.headers.location, '/console/customers');
  return { browser, email };
}
