/**
 * The console's settings page (docs/decisions/0072-console-retention-setting.md): the client's retention period
 * (docs/decisions/0064-data-retention.md), read by everyone, changed by an admin.
 *
 * The page goes through what the API's PATCH /public/v3/settings goes through: the body is checked with the same
 * schema and its errors are worded by the same function (src/http/problem.ts), then the clients module's
 * updateSettings stores it and writes the audit entry. The form's text is submitted as typed (a whole number, or
 * null when empty); the console decides nothing about what is valid, and shows the value the module answers.
 */
import type { FastifyReply } from 'fastify';
import { Compile } from 'typebox/compile';
import type { HttpApp } from '../../http/server.ts';
import { fieldErrorsFromValidation } from '../../http/field-errors.ts';
import { getSettings, SettingsPatch, updateSettings } from '../../modules/clients/index.ts';
import type { ConsoleSession } from '../../modules/console/index.ts';
import { field, type ConsoleKit, type ConsoleRoutesDeps } from './console-kit.ts';
import { flash, settingsBody } from './console-pages.ts';

const hide = { hide: true };
/** The bounds of the period, as the API's schema sets them. */
const BOUNDS = SettingsPatch.properties.data_retention_days.anyOf[0] as unknown as { minimum: number; maximum: number };
let patchCheck: ReturnType<typeof Compile> | undefined;

/** A whole number as typed becomes the JSON number the API takes; empty is null; anything else is sent as text. */
function retentionValue(typed: string): number | string | null {
  if (typed === '') return null;
  return /^\d{1,9}$/.test(typed) ? Number(typed) : typed;
}

export async function settingsRoutes(c: HttpApp, deps: ConsoleRoutesDeps, kit: ConsoleKit): Promise<void> {
  const settingsPage = async (
    reply: FastifyReply,
    s: ConsoleSession,
    status: number,
    o: { message?: ReturnType<typeof flash>; typed?: string; error?: string } = {},
  ) => {
    const settings = await getSettings(deps.db, s.clientId);
    return kit.send(reply, status, {
      title: 'Settings',
      session: s,
      section: 'settings',
      body: settingsBody({
        csrf: s.csrfToken,
        canChange: s.role === 'admin',
        bounds: BOUNDS,
        retentionDays: settings.data_retention_days,
        typed: o.typed,
        error: o.error,
        message: o.message ?? '',
      }),
    });
  };

  c.get('/console/settings', { schema: hide }, async (request, reply) => {
    const s = await kit.signedIn(request, reply);
    if (!s) return reply;
    const done = field(request.query, 'done', 20) === 'retention';
    return settingsPage(reply, s, 200, done ? { message: flash('ok', 'The retention period was saved.') } : {});
  });

  c.post('/console/settings/retention', { schema: hide }, async (request, reply) => {
    const s = await kit.guardPost(request, reply, 'admin');
    if (!s) return reply;
    const typed = field(request.body, 'data_retention_days', 40);
    const patch = { data_retention_days: retentionValue(typed) };
    patchCheck ??= Compile(SettingsPatch);
    const refused = fieldErrorsFromValidation([...patchCheck.Errors(patch)]);
    const [first] = refused;
    if (first) {
      const range = `${BOUNDS.minimum.toLocaleString('en-GB')} to ${BOUNDS.maximum.toLocaleString('en-GB')}`;
      const error = `The retention period ${first.detail}: enter a whole number of days from ${range}, or leave it empty to keep customers’ data until they are erased.`;
      return settingsPage(reply, s, 400, {
        typed,
        error,
        message: flash('error', 'Nothing was saved. Correct the retention period below.'),
      });
    }
    await updateSettings(deps.db, s.clientId, patch as { data_retention_days: number | null }, {
      actor: 'console',
      now: deps.clock.now(),
      userId: s.userId,
    });
    return reply.redirect('/console/settings?done=retention', 303);
  });
}
