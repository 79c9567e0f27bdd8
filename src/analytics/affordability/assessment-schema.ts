/**
 * The affordability assessment's shapes, declared once (docs/analytics.md, "Affordability assessment"): the
 * lender's policy and the customer's declaration the engine takes, and the assessment it answers. The module
 * (src/modules/affordability) serves these schemas as they are, so the OpenAPI document and the SDK carry every
 * description written here. Data declarations only: the engine stays pure.
 */
import { Type, type Static } from 'typebox';

const money = (description: string) => Type.Number({ description });
const text = (description: string) => Type.String({ description });
const bool = (description: string) => Type.Boolean({ description });

/** Money amounts a client sends: pounds and pence, never negative, below a billion. */
const amountIn = (description: string) => Type.Number({ minimum: 0, maximum: 999_999_999, description });

const LivingCostRowSchema = Type.Object(
  {
    household_size: Type.Integer({ minimum: 1, maximum: 20, description: 'number of people in the household' }),
    monthly_amount: amountIn('minimum monthly living costs for a household of this size'),
  },
  { additionalProperties: false },
);

/** The lender's policy (one version of it); every member has a default (the built-in policy, version 0). */
export const PolicyBodySchema = Type.Object(
  {
    living_cost_buffer: Type.Object(
      {
        by_household_size: Type.Array(LivingCostRowSchema, {
          minItems: 1,
          maxItems: 20,
          description:
            'minimum monthly living costs (food, clothing, household goods, health, personal care) by household size; the assessment deducts the greater of these and the spending the bank data shows',
        }),
        each_further_person: amountIn('added per person above the largest household size listed'),
        source: Type.String({ maxLength: 500, description: 'where the figures come from, in words' }),
      },
      { additionalProperties: false, description: 'the minimum-living-cost buffer' },
    ),
    variable_rate_stress_percent: Type.Number({
      minimum: 0,
      maximum: 500,
      description:
        'rise, in percent, applied to the monthly payments of variable-rate commitments (and of the proposed commitment when it is variable-rate) for the stressed figures',
    }),
    variable_rate_categories: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), {
      maxItems: 40,
      description:
        'expenditure category ids (docs/categories.md) whose payments are variable-rate; default: mortgage and credit card repayments',
    }),
    proposed_commitment: Type.Object(
      {
        monthly_amount: amountIn('monthly payment of the proposed new commitment'),
        variable_rate: bool('whether the proposed commitment is variable-rate (the stress then applies to it)'),
      },
      {
        additionalProperties: false,
        description: 'the proposed new commitment; the assessment request can give another amount',
      },
    ),
    declared_tolerance_percent: Type.Number({
      minimum: 0,
      maximum: 1000,
      description:
        'how far, in percent of the verified figure, a declared figure may differ from what the bank data shows before it is flagged',
    }),
    income: Type.Object(
      {
        min_months_seen: Type.Integer({
          minimum: 1,
          maximum: 12,
          description: 'a stream counts only when paid in at least this many of the last 12 complete months',
        }),
        min_months_seen_irregular: Type.Integer({
          minimum: 1,
          maximum: 12,
          description: 'the same for income with no rhythm (self-employment, rent received)',
        }),
        min_stability: Type.Number({
          minimum: 0,
          maximum: 1,
          description:
            "a stream counts only when its stability (the income verification section's: 1 = identical amounts and timing) is at least this",
        }),
        min_confidence: Type.Number({
          minimum: 0,
          maximum: 1,
          description: "a stream counts only when the income verification section's confidence in it is at least this",
        }),
      },
      { additionalProperties: false, description: 'which income streams count as verified' },
    ),
  },
  { additionalProperties: false },
);

export const PolicySchema = Type.Object({
  version: Type.Integer({ description: 'the policy version; 0 is the built-in default (no policy was set)' }),
  created_at: Type.Union([Type.Integer(), Type.Null()], {
    description: 'Unix seconds the version was created; null for the built-in default',
  }),
  ...PolicyBodySchema.properties,
});

/** What the customer declared, by month (the client posts it; docs/api-notes.md, "Affordability assessment"). */
export const DeclarationBodySchema = Type.Object(
  {
    income: amountIn('declared net monthly income'),
    housing: amountIn('declared monthly rent or mortgage'),
    credit_commitments: amountIn('declared monthly payments to loans, cards, finance and other credit'),
    other_essential: amountIn(
      'declared other essential monthly spending: council tax, utilities, insurance, food, travel and the like',
    ),
    household_size: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 20, description: 'people in the household; 1 when not given' }),
    ),
  },
  { additionalProperties: false },
);

export const DeclarationSchema = Type.Object({
  id: text('the declaration id'),
  declared_at: Type.Integer({ description: 'Unix seconds the declaration was received' }),
  ...DeclarationBodySchema.properties,
  household_size: Type.Integer({ description: 'people in the household' }),
});

const MonthAmount = Type.Object({
  year: Type.Integer({ description: 'calendar year' }),
  month: Type.Integer({ description: 'calendar month, 1–12, Europe/London' }),
  amount: money('amount in the month'),
});

const IncomeStreamAssessmentSchema = Type.Object({
  description: text('the payer, or the category name for income with no single payer'),
  type: text('salary, pension, benefit, self_employment, rental or maintenance'),
  category: text('the category id (docs/categories.md)'),
  frequency: text('Weekly, Fortnightly, FourWeekly, Monthly or Irregular'),
  counted: bool('whether the stream counts as verified income'),
  monthly_amount: money('what the stream is worth per month (0 when not counted)'),
  months_seen: Type.Integer({ description: 'calendar months of the last 12 complete months with a payment' }),
  last_payment_date: Type.Integer({ description: 'Unix seconds, London midnight of the last payment day' }),
  stability: money('0–1: how steady amount and timing are (1 = identical)'),
  confidence: Type.Union([Type.Number(), Type.Null()], {
    description: '0–1: how sure the income verification section is of the stream; null for a report older than it',
  }),
  reasons: Type.Array(text('one reason'), { description: 'why the stream counts, or why it does not' }),
  transaction_ids: Type.Array(text('a transaction id'), { description: 'the payments behind the figure' }),
});

const NotCountedIncomeSchema = Type.Object({
  category: text('the category id'),
  monthly_average: money('average per month over the window'),
  reason: text('why it never counts as income'),
});

const CategoryShareSchema = Type.Object({
  category: text('the category id (docs/categories.md)'),
  class: text('committed (contractual), essential (day-to-day living) or discretionary'),
  monthly_average: money('average spending per month over the window'),
  last_3_months_average: money('average spending per month over the last three complete months'),
  transaction_ids: Type.Array(text('a transaction id'), {
    description: "the category's booked payments in the window, newest first: the transactions behind the figures",
  }),
});

const HeadingSchema = Type.Object({
  id: text('the Standard Financial Statement heading id'),
  name: text('the heading as the Standard Financial Statement names it'),
  monthly_average: money('average spending per month over the window'),
  last_3_months: Type.Array(MonthAmount, { description: 'the last three complete months' }),
  last_3_months_average: money('average of the last three complete months'),
  stability: money('1 − coefficient of variation of the monthly totals (1 = the same every month)'),
  committed_monthly: money(
    'contractual spending per month, and recurring payments still expected in the other categories',
  ),
  flexible_monthly: money('the rest of the heading: monthly_average − committed_monthly, at least 0'),
  categories: Type.Array(CategoryShareSchema, { description: 'the categories under the heading' }),
});

const CommittedItemSchema = Type.Object({
  description: text('the payee, as the recurring series names it'),
  category: text('the category id'),
  heading: text('the Standard Financial Statement heading id'),
  frequency: text('weekly, fortnightly, four_weekly, monthly or quarterly'),
  monthly_amount: money('the payment turned into a monthly amount'),
  variable_rate: bool('whether the policy treats it as variable-rate'),
  transaction_ids: Type.Array(text('a transaction id'), { description: 'its payments' }),
});

const DeclaredItemSchema = Type.Object({
  item: text('income, housing, credit_commitments or other_essential'),
  declared: money('what the customer declared per month'),
  verified: money('what the bank data shows per month'),
  variance: money('declared − verified'),
  variance_percent: Type.Union([Type.Number(), Type.Null()], {
    description: 'variance as a percentage of verified; null when verified is 0',
  }),
  exceeds_tolerance: bool("whether the variance is beyond the policy's tolerance"),
  used: money('the figure the assessment uses: the lower income, the higher spending'),
});

const WaterfallStepSchema = Type.Object({
  step: text('the step id'),
  kind: text('start (verified income), change (added or deducted) or subtotal (a figure reached, amount 0)'),
  label: text('the step in words'),
  amount: money('the change this step makes (negative deducts)'),
  running_total: money('the figure after the step'),
});

const ReasonSchema = Type.Object({
  code: text('a stable code for the reason'),
  message: text('the reason in words, with its figures'),
});

const disposable = (description: string) =>
  Type.Object(
    {
      unstressed: money('disposable income per month'),
      stressed: money('disposable income per month with the variable-rate stress applied'),
    },
    { description },
  );

export const AssessmentSchema = Type.Object({
  currency: text('ISO 4217'),
  window: Type.Object(
    {
      months: Type.Integer({ description: 'complete months averaged (at most 12)' }),
      from: text('first month, YYYY-MM'),
      to: text('last month, YYYY-MM'),
    },
    { description: 'the complete calendar months before as_of that the data covers' },
  ),
  policy_version: Type.Integer({ description: 'the policy version used; 0 is the built-in default' }),
  household_size: Type.Integer({ description: 'household size used for the living-cost buffer' }),
  income: Type.Object(
    {
      verified_monthly: money('the sum of the counted streams'),
      streams: Type.Array(IncomeStreamAssessmentSchema, { description: 'every candidate income stream' }),
      not_counted: Type.Array(NotCountedIncomeSchema, {
        description: 'money in that never counts (loans, own transfers, refunds, one-offs), by category',
      }),
    },
    { description: 'verified income' },
  ),
  expenditure: Type.Object(
    {
      headings: Type.Array(HeadingSchema, { description: 'spending by Standard Financial Statement heading' }),
      committed_monthly: money('contractual spending per month, all headings'),
      essential_monthly: money('day-to-day living spending per month (food, travel, personal costs)'),
      discretionary_monthly: money('the rest per month: leisure, shopping, gambling, savings; not deducted'),
      committed_items: Type.Array(CommittedItemSchema, { description: 'recurring payments still expected' }),
    },
    { description: 'spending grouped as the Standard Financial Statement' },
  ),
  declared: Type.Union(
    [
      Type.Object({
        declaration_id: text('the declaration compared'),
        declared_at: Type.Integer({ description: 'Unix seconds the declaration was received' }),
        items: Type.Array(DeclaredItemSchema, { description: 'one per declared item' }),
      }),
      Type.Null(),
    ],
    { description: 'the latest declaration against the bank data; null when none was posted' },
  ),
  proposed_commitment: Type.Object(
    {
      monthly_amount: money('the proposed monthly payment'),
      variable_rate: bool('whether the stress applies to it'),
    },
    { description: 'the proposed new commitment assessed' },
  ),
  waterfall: Type.Array(WaterfallStepSchema, {
    description: 'from verified income to disposable income after the proposed commitment, stressed',
  }),
  disposable_income: Type.Object(
    {
      before_commitment: disposable(
        'what is left each month after the customer’s income, essential spending and existing credit commitments, before the proposed one',
      ),
      after_commitment: disposable(
        'what is left each month once the proposed commitment is paid too; below 0 means it is not affordable',
      ),
    },
    { description: 'disposable income per month, before and after the proposed commitment' },
  ),
  affordable: bool('whether stressed disposable income after the proposed commitment is at least 0'),
  reasons: Type.Array(ReasonSchema, { description: 'what drives the result, most important first' }),
});

export type PolicyBody = Static<typeof PolicyBodySchema>;
export type Policy = Static<typeof PolicySchema>;
export type DeclarationBody = Static<typeof DeclarationBodySchema>;
export type Declaration = Static<typeof DeclarationSchema>;
export type IncomeStreamAssessment = Static<typeof IncomeStreamAssessmentSchema>;
export type NotCountedIncome = Static<typeof NotCountedIncomeSchema>;
export type Heading = Static<typeof HeadingSchema>;
export type CategoryShare = Static<typeof CategoryShareSchema>;
export type CommittedItem = Static<typeof CommittedItemSchema>;
export type DeclaredItem = Static<typeof DeclaredItemSchema>;
export type WaterfallStep = Static<typeof WaterfallStepSchema>;
export type Reason = Static<typeof ReasonSchema>;
export type Assessment = Static<typeof AssessmentSchema>;
