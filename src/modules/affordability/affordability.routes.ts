/**
 * The affordability assessment (beside endpoint 16, not instead of it), the customer's declarations and the
 * client's versioned lender policy: docs/decisions/0050-affordability-assessment.md, docs/api-notes.md.
 */
import type { HttpApp } from '../../http/server.ts';
import type { Database } from '../../db/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { clientOf, requireAuth } from '../../http/auth.ts';
import { problemResponses, STANDARD_ERRORS } from '../../http/wire.ts';
import { CustomerIdParams } from '../customers/index.ts';
import { assessCustomer, getPolicy, listDeclarations, postDeclaration, putPolicy } from './affordability.service.ts';
import {
  Assessment,
  AssessmentQuery,
  Declaration,
  DeclarationBody,
  DeclarationList,
  Policy,
  PolicyBody,
  PolicyVersionParams,
} from './affordability.wire.ts';

export interface AffordabilityRoutesDeps {
  db: Database;
  clock: Clock;
}

export async function affordabilityRoutes(app: HttpApp, deps: AffordabilityRoutesDeps): Promise<void> {
  const bearer = requireAuth(deps, 'bearer');
  const common = { tags: ['Affordability assessment'], security: [{ Bearer: [] }] };
  app.get(
    '/public/v3/customers/:customer_id/affordability/assessment',
    {
      onRequest: bearer,
      schema: {
        ...common,
        summary:
          'Assess affordability: verified income, spending by SFS heading, declared against verified, the policy',
        description:
          'Assesses whether the customer can afford a commitment, the way a UK lender does: income verified from the bank data (what counts and what does not, and why), spending by Standard Financial Statement heading (committed and flexible), the latest declaration against what was verified, and the living-cost minimum of your policy (or of `policy_version`). Pass `proposed_monthly_amount` (and `proposed_variable_rate` for a stress test) to see what is left after the new payment. 409 while the report is not ready.',
        params: CustomerIdParams,
        querystring: AssessmentQuery,
        response: { 200: Assessment, ...problemResponses(...STANDARD_ERRORS, 409) },
      },
    },
    async (request) => assessCustomer(deps.db, clientOf(request).clientId, request.params.customer_id, request.query),
  );
  app.post(
    '/public/v3/customers/:customer_id/affordability/declarations',
    {
      onRequest: bearer,
      schema: {
        ...common,
        summary: 'Record what the customer declared (monthly figures); the assessment compares the latest',
        description:
          "Records the income and outgoings the customer declared (monthly amounts), e.g. from your application form. The assessment compares the latest declaration with what the bank data verifies and flags differences beyond your policy's tolerance.",
        params: CustomerIdParams,
        body: DeclarationBody,
        response: { 201: Declaration, ...problemResponses(...STANDARD_ERRORS) },
      },
    },
    async (request, reply) => {
      const { clientId } = clientOf(request);
      const created = await postDeclaration(
        deps.db,
        clientId,
        request.params.customer_id,
        request.body,
        deps.clock.now(),
      );
      return reply.code(201).send(created);
    },
  );
  app.get(
    '/public/v3/customers/:customer_id/affordability/declarations',
    {
      onRequest: bearer,
      schema: {
        ...common,
        summary: "List the customer's declarations, newest first",
        description: "Lists the customer's declarations, newest first; the assessment uses the newest.",
        params: CustomerIdParams,
        response: { 200: DeclarationList, ...problemResponses(...STANDARD_ERRORS) },
      },
    },
    async (request) => listDeclarations(deps.db, clientOf(request).clientId, request.params.customer_id),
  );
  policyRoutes(app, deps, bearer, common);
}

/** The client's versioned lender policy. */
function policyRoutes(
  app: HttpApp,
  deps: AffordabilityRoutesDeps,
  bearer: ReturnType<typeof requireAuth>,
  common: { tags: string[]; security: { Bearer: never[] }[] },
): void {
  app.get(
    '/public/v3/affordability/policy',
    {
      onRequest: bearer,
      schema: {
        ...common,
        summary: "Read the client's current affordability policy (version 0, the built-in default, until one is set)",
        description:
          'Reads your current affordability policy: the living-cost minimum, stress rate, tolerances and the other parameters the assessment applies. Until you set one, it is version 0, the built-in default.',
        response: { 200: Policy, ...problemResponses(...STANDARD_ERRORS) },
      },
    },
    async (request) => getPolicy(deps.db, clientOf(request).clientId, null),
  );
  app.get(
    '/public/v3/affordability/policy/versions/:version',
    {
      onRequest: bearer,
      schema: {
        ...common,
        summary: "Read one version of the client's affordability policy",
        description:
          'Reads one version of your affordability policy, as it was set, so an assessment made under it can be explained later.',
        params: PolicyVersionParams,
        response: { 200: Policy, ...problemResponses(...STANDARD_ERRORS) },
      },
    },
    async (request) => getPolicy(deps.db, clientOf(request).clientId, request.params.version),
  );
  app.put(
    '/public/v3/affordability/policy',
    {
      onRequest: bearer,
      schema: {
        ...common,
        summary: 'Set the affordability policy: every member, as a new version (earlier versions stay readable)',
        description:
          'Sets your affordability policy as a new version; earlier versions stay readable, and an assessment names the version it applied. Send every member.',
        body: PolicyBody,
        response: { 200: Policy, ...problemResponses(...STANDARD_ERRORS) },
      },
    },
    async (request) => putPolicy(deps.db, clientOf(request).clientId, request.body, deps.clock.now()),
  );
}
