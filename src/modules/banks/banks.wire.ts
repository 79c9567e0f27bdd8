/** The wire shape of a bank (docs/decisions/0006-banks-and-accounts.md): the Bearer list and the customer's list (modules/consents) share it. */
import { Type } from 'typebox';
import type { Bank } from '../../banks/registry.ts';

export const BankWire = Type.Object({
  slug: Type.String(),
  name: Type.String(),
  logo_url: Type.String(),
  country_code: Type.String(),
  type: Type.Union([Type.Literal('Personal'), Type.Literal('Business'), Type.Null()]),
  is_active: Type.Boolean(),
  is_api_only: Type.Boolean(),
  is_sandbox: Type.Boolean(),
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
