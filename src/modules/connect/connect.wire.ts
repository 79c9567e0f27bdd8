/** Wire shapes of endpoint 7 (the web component's one-time URL). */
import { Type } from 'typebox';

export const ComponentInitBody = Type.Object(
  {
    ip: Type.String({ maxLength: 45, description: "the customer's IP address; 0.0.0.0 when unknown" }),
    user_agent: Type.String({
      maxLength: 2000,
      description: "the customer's user agent; an empty string when unknown",
    }),
    user_reference: Type.String({
      minLength: 1,
      maxLength: 255,
      description: 'the customer (created on first use when there is none)',
    }),
    origin: Type.String({
      minLength: 1,
      maxLength: 2048,
      description: "the site that hosts the component; one of the client's component_origins",
    }),
  },
  { additionalProperties: false },
);

export const ComponentUrl = Type.Object({
  url: Type.String({ description: 'single use; load it in the component (see README, "Embed the connect component")' }),
  created_at: Type.Integer({ description: 'Unix seconds' }),
  expires_in: Type.Integer({ description: 'seconds until the url expires (1800)' }),
  flow: Type.Array(Type.String(), { description: 'always ["open-banking"]' }),
});
