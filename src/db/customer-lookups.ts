/**
 * The lookup table's one read (docs/decisions/0084-customer-lookups.md): what arrives with only a secret or an id
 * finds its customer in customer_lookups, and the customer's row is then read by (customer_id, …) in the same
 * statement. The kinds are those of migrations/0038_customer_lookups.sql's CHECK.
 */
export type LookupKind =
  | 'consent_state'
  | 'consent_handoff'
  | 'reconfirmation_link'
  | 'invitation'
  | 'connect_session'
  | 'connect_session_secret'
  | 'user_reference';

/** SQL: the customer whose `kind` lookup has the key `keySql` (a parameter such as `$1`, or an expression of them). */
export function customerOfLookup(kind: LookupKind, keySql: string): string {
  return `(SELECT customer_id FROM customer_lookups WHERE kind = '${kind}' AND key = ${keySql})`;
}
