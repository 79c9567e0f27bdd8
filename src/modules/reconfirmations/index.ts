/** The reconfirmation links' public face. Routes and the e-mail job are wired by src/app/routes.ts and src/jobs/handlers.ts. */
export { answerReconfirmationLink, openReconfirmationLink } from './reconfirmations.service.ts';
export type { OpenedLink, ReconfirmationDeps } from './reconfirmations.service.ts';
export { sendReconfirmationEmail } from './reconfirmations.job.ts';
export { reconfirmationIdsOfCustomer as reconfirmationJobKeysOfCustomer } from './reconfirmations.repo.ts';
