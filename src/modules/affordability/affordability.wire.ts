/**
 * Wire shapes of the affordability assessment, the declarations and the lender policy (docs/api-notes.md,
 * "Affordability assessment"). The members are the engine's, declared once in
 * src/analytics/affordability/assessment-schema.ts; this file adds the envelope and the query.
 */
import { Type, type Static } from 'typebox';
import {
  AssessmentSchema,
  DeclarationBodySchema,
  DeclarationSchema,
  PolicyBodySchema,
  PolicySchema,
} from '../../analytics/affordability/assessment-schema.ts';

export const Assessment = Type.Object({
  ...AssessmentSchema.properties,
  as_of: Type.Integer({ description: 'Unix seconds the report the assessment reads was computed as of' }),
  engine_version: Type.String({ description: 'the insights engine version that computed that report' }),
});

export const AssessmentQuery = Type.Object(
  {
    proposed_monthly_amount: Type.Optional(
      Type.Number({
        minimum: 0,
        maximum: 999_999_999,
        description: "the proposed commitment's monthly payment; the policy's when absent",
      }),
    ),
    proposed_variable_rate: Type.Optional(
      Type.Boolean({ description: 'whether the proposed commitment is variable-rate; false when absent' }),
    ),
    policy_version: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 2_147_483_647,
        description: "the policy version to assess with (0: the built-in default); the client's latest when absent",
      }),
    ),
  },
  { additionalProperties: false },
);

export const DeclarationBody = DeclarationBodySchema;
export const Declaration = DeclarationSchema;
export const DeclarationList = Type.Object({
  data: Type.Array(DeclarationSchema, { description: 'the customer’s declarations, newest first (at most 100)' }),
});

export const PolicyBody = PolicyBodySchema;
export const Policy = PolicySchema;
export const PolicyVersionParams = Type.Object({
  version: Type.Integer({
    minimum: 0,
    maximum: 2_147_483_647,
    description: 'the policy version; 0 is the built-in default',
  }),
});

export type AssessmentBody = Static<typeof Assessment>;
export type AssessmentQueryValue = Static<typeof AssessmentQuery>;
