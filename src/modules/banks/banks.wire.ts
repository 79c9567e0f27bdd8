/** The wire shape of a bank (docs/decisions/0006-banks-and-accounts.md): the Bearer list and the customer's list (modules/consents) share it. */
import { described } from '../../http/wire.ts';
import { Type } from 'typebox';
import type { Bank } from '../../banks/registry.ts';

export const BankWire = Type.Object({
  slug: Type.String({ description: "the bank's stable short name, used in the bank flow paths" }),
  name: Type.String({ description: "the bank's name" }),
  logo_url: Type.String({ description: "the bank's logo, served by this service" }),
  country_code: Type.String({ description: 'ISO 3166-1 alpha-2 country code, e.g. GB' }),
  type: described(
    Type.Union([Type.Literal('Personal'), Type.Literal('Business'), Type.Null()]),
    'Personal or Business banking; null when both',
  ),
  is_active: Type.Boolean({ description: 'whether the bank can be connected now' }),
  is_api_only: Type.Boolean({ description: 'connected through the API only, without hosted pages' }),
  is_sandbox: Type.Boolean({ description: 'a test bank with generated data (never in production)' }),
});

export function toBankWire(baseUrl: string, b: Bank) {
  return {
    slug: b.slug,
    name: b.name,
    logo_url: `${baseUrl}/public/v3/banks/${b.slug}/logo.svg`,
    country_code: b.country_code,
    type: b.type,
    is_active: b.is_active,
    is_api_only: b.is_api_only,
    is_sandbox: b.is_sandbox,
  };
}
