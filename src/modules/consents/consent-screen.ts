/**
 * The consent screen (endpoint 4) from the bank and the client's settings. Pure: the caller passes the moment.
 *
 * docs/decisions/0009-consents-and-bank-flow.md: the screen also requests ReadStatementsDetail and ReadParty (endpoints 13 and 14 need them);
 * history from 5 years back (data_access_from), access until 3 months ahead (data_access_to).
 * Spec, endpoint 4: null purposes select the default purpose text.
 */
import type { ClientSettings } from '../clients/index.ts';
const DEFAULT_PURPOSE = 'Apply Bank transaction data to improve your financial credibility';

/** What the service reads, nothing more (no beneficiaries, direct debits or standing orders: nothing uses them). */
export const REQUESTED_PERMISSIONS = [
  'ReadAccountsBasic',
  'ReadAccountsDetail',
  'ReadBalances',
  'ReadTransactionsCredits',
  'ReadTransactionsDebits',
  'ReadTransactionsDetail',
  'ReadStatementsDetail',
  'ReadParty',
] as const;

/** What each permission lets the lender read, in plain English (the hosted reconfirmation page, the console). */
export const CONSENT_PERMISSION_WORDS: Readonly<Record<string, string>> = {
  ReadAccountsBasic: 'Your account names and types',
  ReadAccountsDetail: 'Your account numbers and sort codes',
  ReadBalances: 'Your account balances',
  ReadTransactionsCredits: 'Money coming into your accounts',
  ReadTransactionsDebits: 'Money going out of your accounts',
  ReadTransactionsDetail: 'Transaction details: amounts, dates, descriptions and payees',
  ReadStatementsDetail: 'Your statements',
  ReadParty: 'The names, addresses and contact details of the account holders',
};

export interface ThirdParty {
  company_name: string;
  company_address?: string | null;
  company_city?: string | null;
  company_country?: string | null;
  company_phone?: string | null;
  company_email?: string | null;
  company_website?: string | null;
}

export interface SharingInput {
  application_sharing_third_parties?: ThirdParty[] | null;
  application_sharing_purposes?: Array<{ description: string }> | null;
}

/** The client as its consent screen shows it: its name and the settings the screen uses. */
export type ScreenClient = { name: string } & Pick<
  ClientSettings,
  'company_name' | 'application_name' | 'privacy_policy_url' | 'terms_and_condition_url' | 'service_customer_center_url'
>;

export interface ScreenBank {
  slug: string;
  name: string;
  logo_url: string;
}

/** The access window: 5 years of history (calendar years back), access until 3 calendar months ahead. */
export function accessWindow(now: Date): { from: number; to: number } {
  const from = new Date(now);
  from.setUTCFullYear(from.getUTCFullYear() - 5);
  const to = new Date(now);
  to.setUTCMonth(to.getUTCMonth() + 3);
  return { from: Math.floor(from.getTime() / 1000), to: Math.floor(to.getTime() / 1000) };
}

export function sharingOf(input: SharingInput | undefined) {
  const purposes = input?.application_sharing_purposes;
  return {
    purposes:
      purposes === undefined || purposes === null || purposes.length === 0
        ? [{ description: DEFAULT_PURPOSE }]
        : purposes.map((p) => ({ description: p.description })),
    // Spec: null when no data is shared with third parties; the response member is required, so an empty list.
    thirdParties: (input?.application_sharing_third_parties ?? []).map(compact),
  };
}

/** The members that were sent (a null member is left out). */
function compact(t: ThirdParty): { company_name: string } & Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(t)) if (typeof v === 'string') out[k] = v;
  return { ...out, company_name: t.company_name };
}

export function buildConsentScreen(bank: ScreenBank, client: ScreenClient, input: SharingInput | undefined, now: Date) {
  const company = client.company_name ?? client.name;
  const window = accessWindow(now);
  const sharing = sharingOf(input);
  const thirdParties = sharing.thirdParties.map((t) => t.company_name);
  return {
    metadata: {
      name: bank.name,
      slug: bank.slug,
      logo_url: bank.logo_url,
      company_name: company,
      application_name: client.application_name ?? company,
      application_sharing_purposes: sharing.purposes,
      application_sharing_third_parties: sharing.thirdParties,
      privacy_policy_url: client.privacy_policy_url,
      terms_and_condition_url: client.terms_and_condition_url,
      service_customer_center_url: client.service_customer_center_url,
      requested_permissions: [...REQUESTED_PERMISSIONS],
      data_access_from: window.from,
      data_access_to: window.to,
    },
    consents: [
      {
        type: 'account_details',
        title: 'Your account details',
        elements: ['Account name, number and sort code', 'Account type and currency', 'Account balances'],
      },
      {
        type: 'account_transactions',
        title: 'Your transactions',
        elements: [
          'Incoming and outgoing transactions',
          'Amounts, dates, descriptions and payees',
          'Merchant names and categories',
        ],
      },
      {
        type: 'additional_information',
        title: 'Statements and account holders',
        elements: [
          'Your statements',
          'Names, addresses and contact details of the account holders',
          `${company} reads this data from ${formatDay(window.from)} and may keep reading it until ${formatDay(window.to)}, unless you withdraw your consent earlier.`,
          ...(thirdParties.length ? [`It is shared with: ${thirdParties.join(', ')}.`] : []),
        ],
      },
    ],
  };
}

function formatDay(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/London',
  });
}
