/** The reports module's public face. Routes and the report job are wired by src/routes.ts and src/jobs/handlers.ts. */
export { markDataChanged } from './reports.service.ts';
