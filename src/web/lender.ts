/**
 * The lender on the hosted pages: its name, its branding (src/web/branding.ts) and the way back to it
 * (docs/decisions/0055-hosted-pages-no-dead-ends.md):
 *
 * - a component's pages (in an iframe on the lender's site) go back to the host page: the button tells the host
 *   (an `obi-connect:exit` message, src/web/assets/embed.js), and without script it is a link to the host's origin;
 * - an invitation's pages go to the client's `return_url`, else its `service_customer_center_url`, else nowhere:
 *   the page then says the customer can close it.
 */
import type { Database } from '../db/db.ts';
import { getSettings } from '../modules/clients/index.ts';
import { isImage, parseImageDataUrl } from '../lib/image-data-url.ts';
import { brandStylesheetPath, logoPath, NO_BRANDING, type Branding } from './branding.ts';

/** Where "Return to {lender}" and "Cancel" go; `host`: the component's host page, told by a message. */
export interface Exit {
  href: string;
  host: boolean;
}

export interface Lender {
  company: string;
  brand: Branding;
  exit: Exit | null;
}

export interface LenderDeps {
  db: Database;
  installationKey: string;
}

/** Whose pages these are: the session's (or refused session's) client, how it was opened, the host's origin. */
export interface LenderOf {
  clientId: string;
  mode: 'invitation' | 'component';
  origin: string | null;
}

export async function lenderOf(deps: LenderDeps, of: LenderOf): Promise<Lender> {
  let settings;
  try {
    settings = await getSettings(deps.db, of.clientId);
  } catch {
    // The client was deleted meanwhile: the pages' own look and no way back.
    return { company: 'the company that sent you here', brand: NO_BRANDING, exit: null };
  }
  const image = settings.logo_url ? parseImageDataUrl(settings.logo_url) : null;
  const brand: Branding = {
    logoSrc:
      settings.logo_url && image && isImage(image)
        ? logoPath(deps.installationKey, of.clientId, settings.logo_url, image.type)
        : null,
    stylesheet: settings.primary_colour ? brandStylesheetPath(settings.primary_colour) : null,
  };
  const page = settings.return_url ?? settings.service_customer_center_url;
  const exit: Exit | null =
    of.mode === 'component'
      ? of.origin
        ? { href: of.origin, host: true }
        : null
      : page
        ? { href: page, host: false }
        : null;
  return {
    company: settings.application_name ?? settings.company_name ?? 'the company that sent you here',
    brand,
    exit,
  };
}
