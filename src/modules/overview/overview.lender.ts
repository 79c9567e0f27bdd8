/**
 * The lender a page or document is made for, as its settings name it (src/modules/clients, settings company_name and
 * logo_url): the console's header and the PDF's letterhead show this, never the client id.
 */
import type { Db } from '../../db/db.ts';
import { getClient, getSettings } from '../clients/index.ts';

export interface Lender {
  /** company_name, else the client's registered name */
  name: string;
  /** the logo as the settings hold it (a data: URL of a PNG or SVG checked when it was set), or null */
  logo: string | null;
}

export async function loadLender(db: Db, clientId: string, now: Date): Promise<Lender> {
  const [settings, client] = await Promise.all([getSettings(db, clientId), getClient(db, clientId, now)]);
  return { name: settings.company_name ?? client.name, logo: settings.logo_url };
}
