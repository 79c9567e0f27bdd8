/**
 * A customer's erasure, the invitations' part (docs/decisions/0063-customer-erasure.md): the rows go with the
 * customer (a foreign key), but an invitation e-mail written to the outbox folder (no SMTP_URL, mailer.ts) is a file
 * holding the customer's name and e-mail address. Deleted in the erasure's transaction, before it commits: a failure
 * undoes the erasure, so a retry finds the customer and tries again; a commit that fails afterwards leaves the rows,
 * and a retry erases them (the files being only copies of a sent e-mail, losing them first loses nothing else).
 */
import type { Config } from '../../config/config.ts';
import type { Db } from '../../db/db.ts';
import { deleteOutboxMail } from './mailer.ts';
import { invitationIdsOfCustomer } from './invitations.repo.ts';

export async function deleteInvitationMailOfCustomer(
  config: Pick<Config, 'mailOutboxDir'>,
  tx: Db,
  customerId: string,
): Promise<number> {
  const ids = await invitationIdsOfCustomer(tx, customerId);
  return deleteOutboxMail(
    config,
    ids.map((id) => `invitation-${id}`),
  );
}

/** The ids of the customer's invitations (invitation.email's singletonKey), for the erasure to forget their jobs. */
export function invitationJobKeysOfCustomer(tx: Db, customerId: string): Promise<string[]> {
  return invitationIdsOfCustomer(tx, customerId);
}
