/** The console's pages without customer data: sign-in, an invitation's password form, notices, staff. */
import { html, type Html } from '../html.ts';
import { csrfField } from './console-layout.ts';
import {
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  type OpenInvitation,
  type StaffMember,
  type ConsoleRole,
} from '../../modules/console/index.ts';

export function isoDay(d: Date | number): string {
  return new Date(typeof d === 'number' ? d * 1000 : d).toISOString().slice(0, 10);
}

export function isoMinute(d: Date | number): string {
  return new Date(typeof d === 'number' ? d * 1000 : d).toISOString().replace('T', ' ').slice(0, 16);
}

export function flash(kind: 'ok' | 'error', text: string): Html {
  return html`<p class="notice ${kind}" role="${kind === 'error' ? 'alert' : 'status'}">${text}</p>`;
}

export function signInBody(o: { csrf: string; clientId: string; email: string; error: string | null }): Html {
  return html`<h1>Sign in</h1>
${o.error ? flash('error', o.error) : ''}
<form class="stack panel" method="post" action="/console/sign-in" novalidate>
${csrfField(o.csrf)}
<div><label for="client_id">Organisation ID</label>
<input type="text" id="client_id" name="client_id" value="${o.clientId}" required autocomplete="organization" aria-describedby="client-hint" maxlength="100" spellcheck="false">
<p class="hint" id="client-hint">The client ID of your organisation, as in your invitation e-mail.</p></div>
<div><label for="email">E-mail</label>
<input type="email" id="email" name="email" value="${o.email}" required autocomplete="username" maxlength="254"></div>
<div><label for="password">Password</label>
<input type="password" id="password" name="password" required autocomplete="current-password" maxlength="${MAX_PASSWORD_LENGTH}"></div>
<div><button type="submit">Sign in</button></div>
</form>`;
}

export function invitationBody(o: {
  invitation: OpenInvitation;
  csrf: string;
  action: string;
  error: string | null;
}): Html {
  const i = o.invitation;
  return html`<h1>Join the ${i.clientName} console</h1>
<p>You were invited as <strong>${i.email}</strong> with the role <strong>${i.role}</strong>. Choose a password to finish.</p>
${o.error ? flash('error', o.error) : ''}
<form class="stack panel" method="post" action="${o.action}" novalidate>
${csrfField(o.csrf)}
<input type="hidden" name="email" value="${i.email}" autocomplete="username">
<div><label for="password">New password</label>
<input type="password" id="password" name="password" required minlength="${MIN_PASSWORD_LENGTH}" maxlength="${MAX_PASSWORD_LENGTH}" autocomplete="new-password" aria-describedby="password-hint">
<p class="hint" id="password-hint">At least ${MIN_PASSWORD_LENGTH} characters.</p></div>
<div><label for="confirm">Repeat the password</label>
<input type="password" id="confirm" name="confirm" required maxlength="${MAX_PASSWORD_LENGTH}" autocomplete="new-password"></div>
<p class="hint">Your organisation ID is <code>${i.clientId}</code>: you will need it to sign in.</p>
<div><button type="submit">Set password and sign in</button></div>
</form>`;
}

export function noticeBody(title: string, text: string, back?: { href: string; label: string }): Html {
  return html`<h1>${title}</h1><p>${text}</p>${back ? html`<p><a href="${back.href}">${back.label}</a></p>` : ''}`;
}

export function staffBody(o: {
  csrf: string;
  users: StaffMember[];
  pending: Array<{ email: string; role: ConsoleRole; expiresAt: Date }>;
  message: Html | '';
}): Html {
  return html`<h1>Staff</h1>
${o.message}
<div class="table-wrap"><table data-sortable data-label="staff" id="staff">
<caption>People who can sign in</caption>
<thead><tr><th scope="col">E-mail</th><th scope="col">Role</th><th scope="col">Status</th><th scope="col">Since</th></tr></thead>
<tbody>${o.users.map((u) => html`<tr><td>${u.email}</td><td>${u.role}</td><td>${u.disabled ? 'disabled' : 'active'}</td><td>${isoDay(u.createdAt)}</td></tr>`)}</tbody>
</table></div>
${
  o.pending.length > 0
    ? html`<h2>Invitations not yet accepted</h2><div class="table-wrap"><table data-sortable data-label="invitations" id="pending">
<thead><tr><th scope="col">E-mail</th><th scope="col">Role</th><th scope="col">Link valid until (UTC)</th></tr></thead>
<tbody>${o.pending.map((p) => html`<tr><td>${p.email}</td><td>${p.role}</td><td>${isoMinute(p.expiresAt)}</td></tr>`)}</tbody></table></div>`
    : ''
}
<h2>Invite a colleague</h2>
<form class="stack panel" method="post" action="/console/staff" novalidate>
${csrfField(o.csrf)}
<div><label for="email">E-mail</label><input type="email" id="email" name="email" required maxlength="254"></div>
<div><label for="role">Role</label><select id="role" name="role">
<option value="viewer">Viewer: reads customers, reports and webhooks</option>
<option value="admin">Admin: also invites staff and customers, requests refreshes, replays webhooks</option>
</select></div>
<div><button type="submit">Send invitation</button></div>
</form>`;
}

/** The settings page: the retention period, as the API answers it; a form for an admin, the words for a viewer. */
export function settingsBody(o: {
  csrf: string;
  canChange: boolean;
  retentionDays: number | null;
  /** the bounds the API's schema sets */
  bounds: { minimum: number; maximum: number };
  /** what was typed, shown again when refused */
  typed?: string;
  error?: string;
  message: Html | '';
}): Html {
  const days = (n: number) => `${n.toLocaleString('en-GB')} day${n === 1 ? '' : 's'}`;
  const current =
    o.retentionDays === null
      ? 'No retention period: customers’ data is kept until you erase them.'
      : `Customers’ data is kept for ${days(o.retentionDays)} after their last activity.`;
  const range = `${o.bounds.minimum.toLocaleString('en-GB')} to ${o.bounds.maximum.toLocaleString('en-GB')}`;
  const value = o.typed ?? (o.retentionDays === null ? '' : String(o.retentionDays));
  const describedBy = o.error ? 'retention-error retention-hint' : 'retention-hint';
  return html`<h1>Settings</h1>
${o.message}
<section class="panel" aria-labelledby="retention-title">
<h2 id="retention-title">Data retention</h2>
<p id="retention-current"><strong>${current}</strong></p>
<p class="hint" id="retention-hint">A customer with no new data, bank pull, consent or invitation for the period, and no bank connection still authorised, is erased by the hourly retention job; for the others, raw bank data, finished webhook deliveries and replaced reports older than the period are deleted. Each deletion is in the audit log. Lowering the period can erase many customers at once, and nothing erased can be brought back.</p>
${
  o.canChange
    ? html`<form class="stack" method="post" action="/console/settings/retention" novalidate>
${csrfField(o.csrf)}
<div><label for="data_retention_days">Retention period in days (${range}; empty: kept until erased)</label>
${o.error ? html`<p class="field-error" id="retention-error">${o.error}</p>` : ''}
<input type="text" inputmode="numeric" id="data_retention_days" name="data_retention_days" value="${value}" maxlength="40" autocomplete="off" aria-describedby="${describedBy}"${o.error ? html` aria-invalid="true"` : ''}></div>
<div><button type="submit">Save the retention period</button></div>
</form>`
    : html`<p>Only an admin of your organisation can change it.</p>`
}
</section>`;
}
