/**
 * An edit may not take away a legal form someone applied or was taken on under (decision 093): her application, and a
 * freelancer's contract, were made under it. Read after the edit's UPDATE, which holds the offers' rows: an application
 * arriving meanwhile waits for the edit and then applies under the forms it left.
 */
import { ENGAGEMENT_MESSAGES } from '@farmaponte/shared/messages-engagement';
import { and, inArray, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { applications } from '../../db/schema';
import { conflict } from '../../lib/errors';

/** 409 `legal_form_in_use` when a waiting or accepted application of `offerIds` is under a form not in `forms`. */
export async function refuseDroppedFormsInUse(tx: TDb, offerIds: number[], forms: readonly string[] | undefined) {
  if (!forms || !offerIds.length) return;
  const [used] = await tx
    .select({ form: applications.legalForm })
    .from(applications)
    .where(
      and(
        inArray(applications.offerId, offerIds),
        inArray(applications.status, ['sent', 'seen', 'accepted']),
        sql`not (${applications.legalForm} = any(${sql.param(forms)}::text[]))`,
      ),
    )
    .limit(1);
  if (used) throw conflict(ENGAGEMENT_MESSAGES.legalFormInUse(used.form), 'legal_form_in_use');
}
