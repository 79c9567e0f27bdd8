/** Wire shapes of endpoints 15–17 (spec: Insights, Affordability record, Event record) and the forecast. */
import { Type } from 'typebox';

const N = Type.Number();
const I = Type.Integer();
const S = Type.String();
const B = Type.Boolean();

const MonthlyAmount = Type.Object({ amount: N, year: I, month: I });
const Occurrence = Type.Object({ timestamp_from: I, timestamp_to: I, count: I, ratio_to_income: N, total_amount: N });
const MonthlyStatistics = Type.Object({ num_last_3m: Occurrence, num_last_6m: Occurrence, num_last_12m: Occurrence });
const RateStatistics = Type.Object({
  rate_of_change: N,
  pred_next_month: Type.Number({ deprecated: true }),
  ratio_to_income: N,
  ratio_to_recurring_income: N,
  count: I,
  total_amounts: Type.Object({ last_12m: N }),
});

const Stamp = { as_of: Type.Integer({ description: 'Unix seconds the report was computed as of' }), engine_version: S };

export const Insights = Type.Object({
  income: Type.Object({
    currency: S,
    monthly_amounts: Type.Array(MonthlyAmount),
    categories: Type.Array(Type.Object({ name: S, monthly_amounts: Type.Array(MonthlyAmount) })),
  }),
  expenditure: Type.Object({
    currency: S,
    monthly_amounts: Type.Array(MonthlyAmount),
    categories: Type.Array(Type.Object({ name: S, fixed_flexible: S, monthly_amounts: Type.Array(MonthlyAmount) })),
  }),
  financial_patterns: Type.Object({
    currency: S,
    recurrence: Type.Array(
      Type.Object({
        description: S,
        average_amount: N,
        amount_variance: N,
        transaction_ids: Type.Array(S),
        amount_stability_of_transaction: N,
        frequency_stability_of_transaction: N,
        time_stability_of_transaction: N,
      }),
    ),
    by_category: Type.Array(
      Type.Object({
        category: S,
        min: N,
        mean: N,
        max: N,
        variance: N,
        frequency: N,
        continuity: I,
        recency: Type.Optional(I),
        amount_stability_of_category: N,
        frequency_stability_of_category: N,
        time_stability_of_category: N,
      }),
    ),
  }),
  financial_markers: Type.Object({
    currency: S,
    new_debt_indicator: B,
    debt_management_indicator: B,
    recent_account_indicator: B,
    mortgage_rent_indicator: B,
    insurance_indicator: B,
    council_tax_indicator: B,
    savings_investment_indicator: B,
    direct_loan_indicator: B,
    bnpl_indicator: B,
    negative_balance_ratio: N,
    bank_charges: MonthlyStatistics,
    returned_direct_debits: MonthlyStatistics,
    utility_payments: MonthlyStatistics,
    credit_repayments: RateStatistics,
    debit_bank_transfer: RateStatistics,
    gambling: RateStatistics,
    cash_withdrawals: RateStatistics,
    loan_income: RateStatistics,
    payday_loan: RateStatistics,
    summary_averages: Type.Object({ average_fixed_exp: N, average_flexible_exp: N, average_income: N }),
  }),
  employment: Type.Object({
    number_of_salaries: I,
    expected_salary: Type.Array(Type.Object({ amount: N, expected_pay_date: I, pay_frequency: S })),
    currency: S,
    new_employer_indicator: B,
    possible_loss_of_income_indicator: B,
    out_of_work_benefit_indicator: B,
    child_benefits_indicator: B,
  }),
  ...Stamp,
});

export const AffordabilityList = Type.Object({
  data: Type.Array(Type.Object({ year: I, month: I, amount: N, currency: S, affordability_type: S, account_type: S })),
  ...Stamp,
});

export const EventList = Type.Object({
  data: Type.Array(
    Type.Object({
      id: I,
      event_type: S,
      account_type: S,
      year: I,
      month: I,
      day: Type.Optional(I),
      threshold: Type.Optional(N),
      higher_than_threshold: Type.Optional(B),
      description: S,
      amount: N,
      currency: S,
      transaction_ref: Type.Optional(
        Type.String({
          description:
            'id of the most recent associated transaction (the spec declares transaction_id an int; our ids are strings)',
        }),
      ),
      granularity: S,
      percentage_change: Type.Optional(N),
      is_alert: B,
      is_event: B,
      created_at: I,
    }),
  ),
});

const BalanceDay = Type.Object({ date: Type.String({ description: 'YYYY-MM-DD, Europe/London' }), balance: N });
export const Forecast = Type.Object({
  currency: S,
  current_balance: N,
  history: Type.Array(BalanceDay),
  forecast: Type.Array(BalanceDay, { description: 'the 90 days after as_of' }),
  expected_payments: Type.Array(Type.Object({ date: S, description: S, amount: N, kind: S })),
  everyday_spending_per_day: N,
  first_negative_date: Type.Union([S, Type.Null()], {
    description: 'the first day whose balance is, or is expected to be, below zero',
  }),
  lowest_balance: N,
  lowest_balance_date: Type.Union([S, Type.Null()]),
  ...Stamp,
});
