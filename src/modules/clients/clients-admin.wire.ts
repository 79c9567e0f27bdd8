/** Schemas of the admin API (/admin/v1/clients, docs/decisions/0026-client-lifecycle.md). Times are ISO 8601 UTC. */
import { Type } from 'typebox';
import { AUDIT_ACTIONS, AUDIT_ACTORS, DEFAULT_OVERLAP_SECONDS, MAX_OVERLAP_SECONDS } from './clients.lifecycle.ts';
import type { AuditAction, AuditActor } from './clients.lifecycle.ts';

const Time = Type.String({ description: 'ISO 8601, UTC' });
const NullableTime = Type.Union([Time, Type.Null()]);

export const ClientIdParams = Type.Object({ client_id: Type.String({ minLength: 1, maxLength: 100 }) });

export const AdminClient = Type.Object({
  client_id: Type.String(),
  name: Type.String(),
  status: Type.Union([Type.Literal('active'), Type.Literal('disabled')]),
  created_at: Time,
  updated_at: Time,
  disabled_at: NullableTime,
  previous_secret_expires_at: Type.Union([Time, Type.Null()], {
    description: 'until then the secret before the last rotation is still accepted; null when it is not',
  }),
});

export const AdminClientList = Type.Object({ data: Type.Array(AdminClient) });

export const CreateClientBody = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 200 }) },
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
  client_id: Type.String(),
  client_secret: Type.String({ description: 'shown once' }),
  previous_secret_expires_at: NullableTime,
});

export const DeleteClientQuery = Type.Object(
  {
    confirm: Type.Optional(Type.String({ description: 'must repeat the client id: the deletion erases all its data' })),
  },
  { additionalProperties: false },
);

export const DeletedClient = Type.Object({
  client_id: Type.String(),
  deleted: Type.Literal(true),
  customers_deleted: Type.Integer(),
});

export const AuditQuery = Type.Object(
  { limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100 })) },
  { additionalProperties: false },
);

export const AuditList = Type.Object({
  data: Type.Array(
    Type.Object({
      id: Type.String(),
      client_id: Type.String(),
      action: Type.Unsafe<AuditAction>({ type: 'string', enum: [...AUDIT_ACTIONS] }),
      actor: Type.Unsafe<AuditActor>({ type: 'string', enum: [...AUDIT_ACTORS] }),
      at: Time,
      details: Type.Record(Type.String(), Type.Unknown()),
    }),
    { description: 'newest first' },
  ),
});
