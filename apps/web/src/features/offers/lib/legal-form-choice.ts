/**
 * 'Forma di lavoro' on the offer forms (decision 093): one choice of three (employee, freelance, both) and, for an
 * employee, the CCNL level; what the API receives (`legal_forms`, `ccnl_level`) and which field its refusals name.
 */
import { CCNL, DEFAULT_CCNL_LEVEL, LEGAL_FORMS, type TLegalForm } from '@farmaponte/shared/engagement';
import type { TLegalFormChoice } from '@farmaponte/shared/ui-text-engagement';

export type { TLegalFormChoice };

export const LEGAL_FORM_CHOICES: readonly TLegalFormChoice[] = ['dipendente', 'libera_professione', 'entrambe'];

export interface TLegalFormValue {
  choice: TLegalFormChoice;
  /** A CCNL level's code ('Q1', 'Q2', 'Q3', '1'); read only when the choice includes the employee form. */
  level: string;
}

/** A new offer: an employee shift at the first level, as the API reads an offer without a form. */
export const DEFAULT_LEGAL_FORM: TLegalFormValue = { choice: 'dipendente', level: DEFAULT_CCNL_LEVEL };

export const CCNL_LEVEL_OPTIONS = CCNL.levels.map((level) => ({ value: level.code, label: level.label }));

export const includesEmployee = (choice: TLegalFormChoice) => choice !== 'libera_professione';

/** The form's choice of an offer from the API (an older answer without forms: employee at level 1). */
export function legalFormValueOf(offer?: { legal_forms?: readonly string[] | null; ccnl_level?: string | null } | null) {
  const forms = (offer?.legal_forms ?? []).filter((form): form is TLegalForm =>
    (LEGAL_FORMS as readonly string[]).includes(form),
  );
  const choice: TLegalFormChoice =
    forms.length === 2 ? 'entrambe' : forms[0] === 'libera_professione' ? 'libera_professione' : 'dipendente';
  return { choice, level: offer?.ccnl_level || DEFAULT_CCNL_LEVEL } satisfies TLegalFormValue;
}

/** What POST/PUT of an offer and the bulk publication receive: the forms, and the level only with the employee form. */
export function legalFormsPayload({ choice, level }: TLegalFormValue): { legal_forms: TLegalForm[]; ccnl_level: string | null } {
  const legal_forms: TLegalForm[] = choice === 'entrambe' ? ['dipendente', 'libera_professione'] : [choice];
  return { legal_forms, ccnl_level: includesEmployee(choice) ? level || DEFAULT_CCNL_LEVEL : null };
}

/** The form's field a refusal names (`legal_forms`, `legal_forms.0`, `ccnl_level`), or undefined. */
export function legalFormFieldOf(apiField: string): 'legal_form' | 'ccnl_level' | undefined {
  if (apiField === 'legal_forms' || apiField.startsWith('legal_forms.') || apiField === 'legal_form') return 'legal_form';
  if (apiField === 'ccnl_level') return 'ccnl_level';
  return undefined;
}
