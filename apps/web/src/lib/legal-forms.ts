/**
 * An offer's legal forms as the API sends them (decision 093), read without React or the API client: the search's first
 * screen (decision 057) draws them too. An answer without them (an older server, an offer from before the forms) is an
 * employee-only offer.
 */
import type { TLegalForm } from '@farmaponte/shared/engagement';

/** What the API adds to an offer (decision 093); absent from an answer of an older server, read as employee-only. */
interface TOfferLegalForm {
  legal_forms?: readonly TLegalForm[] | null;
  ccnl_level?: string | null;
}

export function legalFormsOf(offer: object): readonly TLegalForm[] {
  const forms = (offer as TOfferLegalForm).legal_forms;
  return forms?.length ? forms : ['dipendente'];
}

/** The offer's CCNL level's code, when it has one. */
export const ccnlLevelOf = (offer: object) => (offer as TOfferLegalForm).ccnl_level ?? null;

/** The form an application was sent under (decision 093); an application from before the forms is an employee's. */
export function applicationLegalForm(application: object): TLegalForm {
  return (application as { legal_form?: TLegalForm | null }).legal_form ?? 'dipendente';
}
