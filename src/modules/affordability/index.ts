/** The affordability module's public face: the assessment the overview (console page, PDF) shows. Routes are wired by src/app/routes.ts. */
export { assessCustomer } from './affordability.service.ts';
export type { AssessmentBody } from './affordability.wire.ts';
