/** Schemas of the admin API (/admin/v1/clients, docs/decisions/0026-client-lifecycle.md). Times are ISO 8601 UTC. */
import { described } from '../../http/wire.ts';
import { Type } from 'typebox';
import { AUDIT_ACTIONS, AUDIT_ACTORS, DEFAULT_OVERLAP_SECONDS, MAX_OVERLAP_SECONDS } from './clients.lifecycle.ts';
import type { AuditAction, AuditActor } from './clients.lifecycle.ts';

const Time = Type.String({ description: 'ISO 8601, UTC' });
const NullableTime = Type.Union([Time, Type.Null()]);

export const ClientIdParams = Type.Object({
  client_id: Type.String({ description: "the client's id (its OAuth client_id)", minLength: 1, maxLength: 100 }),
});

export const AdminClient = Type.Object({
  client_id: Type.String({ description: "the client's id (its OAuth client_id)" }),
  name: Type.String({ description: "the client's name" }),
  status: described(Type.Union([Type.Literal('active'), Type.Literal('disabled')]), 'active or disabled'),
  created_at: described(Time, 'ISO 8601 or Unix time it was created'),
  updated_at: described(Time, 'when it last changed'),
  disabled_at: described(NullableTime, 'when it was disabled; null while active'),
  previous_secret_expires_at: Type.Union([Time, Type.Null()], {
    description: 'until then the secret before the last rotation is still accepted; null when it is not',
  }),
});

export const AdminClientList = Type.Object({
  data: Type.Array(AdminClient, {
    description: 'every client of this installation, enabled and disabled, oldest first',
  }),
});

export const CreateClientBody = Type.Object(
  { name: Type.String({ description: "the client's name", minLength: 1, maxLength: 200 }) },
  { additionalProperties: false },
);

export const CreatedClient = Type.Intersect([
  AdminClient,
  Type.Object({ client_secret: Type.String({ description: 'shown once: only its keyed hash is stored' }) }),
]);

export const RotateSecretBody = Type.Object(
  {
    overlap_seconds: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: MAX_OVERLAP_SECONDS,
        default: DEFAULT_OVERLAP_SECONDS,
        description:
          'how long the replaced secret (and tokens issued with it) keeps working; 0 cuts it and every access token off at once',
      }),
    ),
  },
  { additionalProperties: false },
);

export const NewSecret = Type.Object({
  client_id: Type.String({ description: "the client's id (its OAuth client_id)" }),
  client_secret: Type.String({ description: 'shown once' }),
  previous_secret_expires_at: Type.Union([Time, Type.Null()], {
    description:
      'ISO 8601, UTC: the secret before this rotation is accepted until then (overlap_seconds); null when it stopped at once',
  }),
});

export const DeleteClientQuery = Type.Object(
  {
    confirm: Type.Optional(Type.String({ description: 'must repeat the client id: the deletion erases all its data' })),
  },
  { additionalProperties: false },
);

export const DeletedClient = Type.Object({
  client_id: Type.String({ description: "the client's id (its OAuth client_id)" }),
  deleted: described(Type.Literal(true), 'true: the client is gone'),
  customers_deleted: Type.Integer({ description: 'how many of its customers were erased with it' }),
});

export const AuditQuery = Type.Object(
  {
    limit: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 1000,
        default: 100,
        description: 'how many audit records to answer, newest first',
      }),
    ),
  },
  { additionalProperties: false },
);

export const AuditList = Type.Object({
  data: Type.Array(
    Type.Object({
      id: Type.String({ description: "the audit record's id" }),
      client_id: Type.String({ description: "the client's id (its OAuth client_id)" }),
      action: described(
        Type.Unsafe<AuditAction>({ type: 'string', enum: [...AUDIT_ACTIONS] }),
        'what was done (created, secret rotated, disabled, enabled, settings changed, deleted)',
      ),
      actor: described(
        Type.Unsafe<AuditActor>({ type: 'string', enum: [...AUDIT_ACTORS] }),
        'who did it (the admin API, the CLI, the console)',
      ),
      at: described(Time, 'when'),
      details: described(Type.Record(Type.String(), Type.Unknown()), 'what changed, by member (never a secret)'),
    }),
    { description: 'newest first' },
  ),
});
