/** An offer's legal forms in words (decision 093): 'Libera professione (partita IVA)', with the CCNL level for an employee. */
import { ccnlLevelLabel, LEGAL_FORM_LABELS } from '@farmaponte/shared/engagement';
import { ENGAGEMENT_TEXT } from '@farmaponte/shared/ui-text-engagement';
import { ccnlLevelOf, legalFormsOf } from './legal-forms';

export function legalFormText(offer: object): string {
  const forms = legalFormsOf(offer);
  const text = ENGAGEMENT_TEXT.legalFormsOf(forms.map((form) => LEGAL_FORM_LABELS[form]));
  const level = forms.includes('dipendente') ? ccnlLevelLabel(ccnlLevelOf(offer) ?? '1') : '';
  return level ? `${text}. ${ENGAGEMENT_TEXT.ccnlLevelOf(level)}` : text;
}
