/**
 * The legal form of an engagement in requests (decision 093): an offer's `legal_forms` and `ccnl_level`, an
 * application's `legal_form`, the search's `forma`. Prestazione occasionale is refused with its own message (and the
 * API's code `legal_form_not_allowed`), never stored.
 */
import { z } from 'zod';
import {
  CCNL_LEVEL_CODES,
  DEFAULT_CCNL_LEVEL,
  DEFAULT_LEGAL_FORMS,
  LEGAL_FORMS,
  OCCASIONAL_WORK_VALUES,
  type TCcnlLevel,
  type TLegalForm,
} from '../engagement';
import { ENGAGEMENT_MESSAGES as M } from '../messages-engagement';

/** 'Prestazione occasionale', 'lavoro-occasionale', 'OCCASIONALE': what people type for occasional work. */
export function isOccasionalWork(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const key = value
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  return (OCCASIONAL_WORK_VALUES as readonly string[]).includes(key);
}

export const isLegalForm = (value: unknown): value is TLegalForm => LEGAL_FORMS.includes(value as TLegalForm);

/** The forms in their fixed order (dipendente first): an offer's first form is the one an application takes by default. */
export const inLegalFormOrder = (forms: readonly TLegalForm[]): TLegalForm[] =>
  LEGAL_FORMS.filter((form) => forms.includes(form));

/** One form: an application's `legal_form`. */
export const zLegalForm = z
  .string({ error: M.legalFormInvalid })
  .superRefine((value, ctx) => {
    if (isOccasionalWork(value)) ctx.addIssue({ code: 'custom', message: M.occasionalWork });
    else if (!isLegalForm(value)) ctx.addIssue({ code: 'custom', message: M.legalFormInvalid });
  })
  .transform((value) => value as TLegalForm);

/** An offer's forms: one or both, no repeats; absent or null is left to the server (a new offer: dipendente). */
export const zLegalForms = z.preprocess(
  (v) => (v === null ? undefined : v),
  z
    .array(z.unknown(), { error: M.legalFormInvalid })
    .superRefine((forms, ctx) => {
      if (forms.some(isOccasionalWork)) ctx.addIssue({ code: 'custom', message: M.occasionalWork });
      else if (
        forms.length < 1 ||
        forms.length > LEGAL_FORMS.length ||
        new Set(forms).size !== forms.length ||
        !forms.every(isLegalForm)
      )
        ctx.addIssue({ code: 'custom', message: M.legalFormInvalid });
    })
    .transform((forms) => inLegalFormOrder(forms as TLegalForm[]))
    .optional(),
);

/** The CCNL level of an employee engagement ('Q1', 'Q2', 'Q3', '1'; the number 1 reads as '1'). */
export const zCcnlLevel = z.preprocess(
  (v) => (v === '' || v === null ? undefined : typeof v === 'number' ? String(v) : v),
  z.enum(CCNL_LEVEL_CODES, { error: M.ccnlLevelInvalid }).optional(),
);

/** An optional form ('' and null are none): an application's `legal_form`, the search's `forma`. */
export const zOptionalLegalForm = z.preprocess((v) => (v === '' || v === null ? undefined : v), zLegalForm.optional());

/** What a new offer stores: dipendente when no form is given, level 1 when dipendente is offered and none given. */
export function legalTermsOf(input: { legal_forms?: TLegalForm[]; ccnl_level?: TCcnlLevel }): {
  legal_forms: TLegalForm[];
  ccnl_level: TCcnlLevel | null;
} {
  const forms = input.legal_forms ?? [...DEFAULT_LEGAL_FORMS];
  return {
    legal_forms: forms,
    ccnl_level: forms.includes('dipendente') ? (input.ccnl_level ?? (DEFAULT_CCNL_LEVEL as TCcnlLevel)) : null,
  };
}

/** The API's `code` of a refusal by one of these messages (any other refused input is `validation_error`). */
export const LEGAL_FORM_ERROR_CODES: Record<string, string> = {
  [M.occasionalWork]: 'legal_form_not_allowed',
  [M.legalFormInvalid]: 'legal_form_invalid',
  [M.ccnlLevelInvalid]: 'ccnl_level_invalid',
};
