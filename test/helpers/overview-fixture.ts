/** A customer overview (src/modules/overview) made by hand for the pure tests, with text a hostile bank could send. */
import type { CustomerOverview } from '../../src/modules/overview/index.ts';

export const HOSTILE = '</script><img src=x onerror=alert(1)>';

export function overviewFixture(hostile = HOSTILE): CustomerOverview {
  const tx = (id: string, amount: number) => ({
    id,
    date: '2026-05-03',
    description: `${hostile} ${id}`,
    amount,
    currency: 'GBP',
    category: 'Gambling',
  });
  return {
    customer: { id: 'cust-1', user_reference: `ref ${hostile}`, created_at: 1_780_000_000 },
    accounts: [
      {
        id: 'acc-1',
        bank_slug: 'sandbox',
        name: `Current ${hostile}`,
        nickname: null,
        type: 'Personal',
        sub_type: 'CurrentAccount',
        currency: 'GBP',
        number: '40029611188294',
        sort_code: '400296',
        account_number: '11188294',
        is_authorized: true,
        balances: [{ type: 'InterimAvailable', amount: 1234.5, currency: 'GBP', date: '2026-05-31' }],
      },
    ],
    readiness: 'ready',
    report: {
      as_of: 1_780_304_400,
      engine_version: '2.0.0',
      currency: 'GBP',
      data_window: { first_booking_date: '2024-06-01', last_booking_date: '2026-05-31' },
      accounts_covered: ['acc-1'],
      months: [
        { year: 2026, month: 3, income: 2500, expenditure: 2100.25 },
        { year: 2026, month: 4, income: 2600, expenditure: 2900 },
        { year: 2026, month: 5, income: 2550.5, expenditure: 2000 },
      ],
      income_streams: [
        {
          type: 'salary',
          description: `ACME ${hostile}`,
          frequency: 'Monthly',
          amount: 2550.5,
          last_payment_date: '2026-05-28',
          next_expected_date: '2026-06-26',
          missed: false,
          payment_count: 12,
        },
      ],
      spending_by_category: [
        { name: 'Rent', fixed_flexible: 'fixed', monthly_average: 900, lowest_month: 900, highest_month: 900 },
        {
          name: `Shops ${hostile}`,
          fixed_flexible: 'flexible',
          monthly_average: 100,
          lowest_month: 20,
          highest_month: 180,
        },
      ],
      balance: {
        currency: 'GBP',
        current_balance: 120,
        history: [
          { date: '2026-05-30', balance: 300 },
          { date: '2026-05-31', balance: 120 },
        ],
        forecast: [
          { date: '2026-06-01', balance: 40 },
          { date: '2026-06-02', balance: -60 },
        ],
        first_negative_date: '2026-06-02',
        lowest_balance: -60,
        lowest_balance_date: '2026-06-02',
      },
      recurring: [
        {
          description: `Gym ${hostile}`,
          category: 'Leisure',
          frequency: 'monthly',
          average_amount: -30,
          next_expected_date: '2026-06-12',
          next_expected_amount: -30,
          transaction_count: 12,
        },
      ],
      risk_markers: [
        {
          key: 'gambling',
          label: 'Gambling',
          raised: true,
          detail: '2 gambling payments in the last 12 months, £30.00 (1.2% of income).',
          figures: { count: 2, amount: 30 },
          transactions: [tx('t-1', -10), tx('t-2', -20)],
          transaction_count: 2,
        },
      ],
      affordability: {
        currency: 'GBP',
        months: [
          { year: 2026, month: 4, amount: -300 },
          { year: 2026, month: 5, amount: 550.5 },
        ],
        latest: { year: 2026, month: 5, amount: 550.5 },
        lowest: { year: 2026, month: 4, amount: -300 },
        highest: { year: 2026, month: 5, amount: 550.5 },
        averages: { income: 2575.25, fixed_expenditure: 1200, flexible_expenditure: 1250 },
        explanation: ['Each month is income less spending.', `Note ${hostile}`],
      },
      events: [
        {
          id: 7,
          event_type: 'LARGE_TRANSACTION',
          description: `Big ${hostile}`,
          amount: 500,
          currency: 'GBP',
          date: '2026-05-03',
          is_alert: true,
          transaction: tx('t-3', -500),
        },
      ],
    },
    generated_at: 1_780_304_500,
  };
}
