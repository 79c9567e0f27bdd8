/**
 * The address of a hosted reconfirmation page (docs/decisions/0060-reconfirmation-links.md), signed like an
 * invitation link but under a key of its own (src/lib/customer-links.ts).
 */
import { signedLinks } from './customer-links.ts';

const reconfirmationLinks = signedLinks('reconfirmation', '/connect/reconfirm');
export const isReconfirmationSignature = reconfirmationLinks.isSignature;
export const reconfirmationPath = reconfirmationLinks.path;
export const reconfirmationUrl = reconfirmationLinks.url;
