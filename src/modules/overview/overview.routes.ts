/**
 * GET /public/v3/customers/{customer_id}/reports/affordability.pdf: the customer's affordability report as a PDF
 * (docs/decisions/0035-affordability-pdf.md). Bearer auth and isolation like endpoints 15–18 (another client's
 * customer is 404, as an unknown one); 404 no_data and 409 report_not_ready as endpoint 16
 * (docs/decisions/0010-report-readiness.md); 503 pdf_unavailable when no Chromium is configured.
 */
import { Type } from 'typebox';
import type { HttpApp } from '../../http/server.ts';
import { clientOf, requireAuth } from '../../http/auth.ts';
import { problemResponses, STANDARD_ERRORS } from '../../http/wire.ts';
import { notFound } from '../../lib/app-error.ts';
import { CustomerIdParams } from '../customers/index.ts';
import { renderAffordabilityPdf } from './overview.pdf.ts';
import type { OverviewDeps } from './overview.types.ts';

export type OverviewRoutesDeps = OverviewDeps;

/** The PDF body: OpenAPI 3.1 says binary content through its media type; the schema names the format too. */
const PdfResponse = {
  description: 'The affordability report (A4), made from the same report as endpoints 15–17',
  content: {
    'application/pdf': {
      schema: Type.Unsafe<Buffer>({ type: 'string', format: 'binary', contentMediaType: 'application/pdf' }),
    },
  },
};

/** A filename made of safe characters only (the id is the client's to choose among ours, but stay strict). */
function pdfFilename(customerId: string): string {
  return `affordability-${customerId.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 80)}.pdf`;
}

export async function overviewRoutes(app: HttpApp, deps: OverviewRoutesDeps): Promise<void> {
  app.get(
    '/public/v3/customers/:customer_id/reports/affordability.pdf',
    {
      onRequest: requireAuth(deps, 'bearer'),
      schema: {
        summary: 'Affordability report as a PDF',
        description:
          'The figures of endpoints 15–17 and the forecast for people: affordability with its explanation, monthly income against expenditure, spending by category, balance history with the 90-day forecast, recurring payments, risk markers with their transactions, events; with the report as_of, the engine version, the data window and the accounts covered.',
        tags: ['Reports'],
        security: [{ Bearer: [] }],
        params: CustomerIdParams,
        response: { 200: PdfResponse, ...problemResponses(...STANDARD_ERRORS, 409) },
      },
    },
    async (request, reply) => {
      const pdf = await renderAffordabilityPdf(deps, clientOf(request).clientId, request.params.customer_id);
      if (!pdf) throw notFound('customer');
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${pdfFilename(request.params.customer_id)}"`)
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .send(pdf);
    },
  );
}
