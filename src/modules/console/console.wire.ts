/** Schemas of the console's operator route (POST /admin/v1/clients/{client_id}/console_invitations). */
import { described } from '../../http/wire.ts';
import { Type } from 'typebox';

const ConsoleRoleSchema = Type.Union([Type.Literal('viewer'), Type.Literal('admin')]);

export const ConsoleInvitationParams = Type.Object({
  client_id: Type.String({
    description: 'the client whose console the person is invited to',
    minLength: 1,
    maxLength: 100,
  }),
});

export const CreateConsoleInvitationBody = Type.Object(
  {
    email: Type.String({ format: 'email', minLength: 3, maxLength: 254, description: 'who is invited' }),
    role: Type.Optional({ ...ConsoleRoleSchema, description: 'admin (the default) or viewer' }),
    send_email: Type.Optional(
      Type.Boolean({
        description: 'e-mail the link (default: when SMTP_URL is configured); the answer holds it anyway',
      }),
    ),
  },
  { additionalProperties: false },
);

export const ConsoleInvitation = Type.Object({
  invitation_id: Type.String({ description: "the invitation's id" }),
  client_id: Type.String({ description: 'the client whose console the person is invited to' }),
  email: Type.String({ description: 'who is invited' }),
  role: described(ConsoleRoleSchema, 'admin or viewer'),
  url: Type.String({ description: 'the one-time link where the invitee sets a password (/console/invitations/…)' }),
  expires_at: Type.String({ description: 'ISO 8601, UTC' }),
  emailed: Type.Boolean({ description: 'whether the link was emailed' }),
});
