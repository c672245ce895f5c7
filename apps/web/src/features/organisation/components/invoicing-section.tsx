/**
 * 'Dati per la fatturazione': the organisation's legal data, a form for a titolare (the server's refusals on their
 * fields), read as a list by the others.
 */
import { MESSAGES } from '@farmaponte/shared/messages';
import type { TOrganisation, TOrganisationInput } from '@farmaponte/shared/organisation';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { ORGANISATION_TEXT as T } from '@farmaponte/shared/ui-text-organisation';
import { type FieldPath, useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { fieldErrorText, firstErrorMessage, markServerErrors } from '../../../lib/form-errors';
import { errorMessage, notify } from '../../../lib/notify';
import { useUpdateOrganisation } from '../api/update-organisation';
import { INVOICING_FIELDS, type TInvoicingValues } from '../lib/form-values';
import { organisationResolver } from '../lib/lazy-resolvers';
import { Notice, PageSection } from './page-frame';

const FIELDS = INVOICING_FIELDS;

const LABELS: Record<keyof TInvoicingValues, string> = {
  name: T.companyNameLabel,
  partita_iva: T.companyVatLabel,
  codice_fiscale: T.codiceFiscaleLabel,
  sede_legale: T.sedeLegaleLabel,
  pec: T.pecLabel,
  codice_sdi: T.codiceSdiLabel,
};

export function InvoicingSection({ organisation }: { organisation: TOrganisation }) {
  const editable = organisation.my_role === 'titolare';
  return (
    <PageSection id="invoicing-title" title={T.invoicingTitle}>
      {editable ? (
        <InvoicingForm organisation={organisation} />
      ) : (
        <>
          <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
            {FIELDS.map((field) => (
              <div key={field} className="min-w-0">
                <dt className="text-slate-600">{LABELS[field]}</dt>
                <dd className="break-words font-medium text-slate-900">{organisation[field] || UI_TEXT.notAvailable}</dd>
              </div>
            ))}
          </dl>
          <Notice>{T.invoicingReadOnly}</Notice>
        </>
      )}
    </PageSection>
  );
}

function InvoicingForm({ organisation }: { organisation: TOrganisation }) {
  const save = useUpdateOrganisation();
  const form = useForm<TInvoicingValues, unknown, TOrganisationInput>({
    resolver: organisationResolver,
    defaultValues: Object.fromEntries(FIELDS.map((field) => [field, organisation[field]])) as TInvoicingValues,
  });
  const { errors } = form.formState;
  const errorOf = (field: keyof TInvoicingValues) => fieldErrorText(errors[field]?.message);
  const text = (field: keyof TInvoicingValues) => ({ label: LABELS[field], error: errorOf(field), ...form.register(field) });

  const onSubmit = form.handleSubmit(
    async (input) => {
      try {
        const saved = await save.mutateAsync(input);
        notify.success(saved.message);
        form.reset(Object.fromEntries(FIELDS.map((field) => [field, saved[field]])) as TInvoicingValues);
      } catch (error) {
        notify.error(errorMessage(error, MESSAGES.serverError));
        markServerErrors(form, error, (name) =>
          (FIELDS as readonly string[]).includes(name) ? (name as FieldPath<TInvoicingValues>) : undefined,
        );
      }
    },
    (invalid) => notify.error(firstErrorMessage(invalid) ?? MESSAGES.requiredFields),
  );

  return (
    <form noValidate onSubmit={onSubmit} onFocus={organisationResolver.preload} className="flex flex-col gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField {...text('name')} required autoComplete="organization" className="sm:col-span-2" />
        <TextField {...text('partita_iva')} inputMode="numeric" autoComplete="off" />
        <TextField {...text('codice_fiscale')} hint={T.codiceFiscaleHint} autoCapitalize="characters" autoComplete="off" />
        <TextField
          {...text('sede_legale')}
          placeholder={T.sedeLegalePlaceholder}
          autoComplete="street-address"
          className="sm:col-span-2"
        />
        <TextField {...text('pec')} type="email" inputMode="email" autoCapitalize="none" spellCheck={false} autoComplete="off" />
        <TextField {...text('codice_sdi')} hint={T.codiceSdiHint} autoCapitalize="characters" autoComplete="off" maxLength={7} />
      </div>
      <div className="flex justify-end">
        <Button type="submit" loading={save.isPending} className="w-full sm:w-auto">
          {save.isPending ? T.saving : T.saveInvoicing}
        </Button>
      </div>
    </form>
  );
}
