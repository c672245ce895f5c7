/**
 * /fascicolo, the pharmacist's professional file (decision 093): what a freelance engagement needs (codice fiscale,
 * birth, partita IVA and regime, the domicilio fiscale and IBAN her invoices name (decision 095), the liability insurance with its PDF, the ECM credits), whether it is complete, and
 * what is missing. Saved in one go; the server's refusals sit under their fields.
 */

import { todayInItaly } from '@farmaponte/shared/dates';
import { ecmPeriodLabel, TAX_REGIME_LABELS, TAX_REGIMES } from '@farmaponte/shared/engagement';
import { MESSAGES } from '@farmaponte/shared/messages';
import { ENGAGEMENT_TEXT as T } from '@farmaponte/shared/ui-text-engagement';
import type { ReactNode } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/field';
import { PageLoadError } from '../../../components/ui/load-error';
import { PageSpinner } from '../../../components/ui/spinner';
import { type TProfessionalFile, useProfessionalFile } from '../../../lib/api/engagement';
import { formatDateTime } from '../../../lib/dates';
import { fieldErrorText, firstErrorMessage, markServerErrors } from '../../../lib/form-errors';
import { errorMessage, notify } from '../../../lib/notify';
import { pageTitle } from '../../../lib/page-title';
import { useSaveProfessionalFile } from '../api/professional-file';
import { BirthPlaceField } from '../components/birth-place-field';
import { FiscalComuneField } from '../components/fiscal-comune-field';
import { InsuranceDocument } from '../components/insurance-document';
import { ecmPeriodStarts, FILE_FIELDS, fileFormValues, type TFileFormValues, type TFilePayload } from '../lib/file-form-values';
import { fileResolver } from '../lib/lazy-resolvers';

export function ProfessionalFilePage() {
  const file = useProfessionalFile();
  if (!file.data && file.isError) return <PageLoadError query={file} />;
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:py-10">
      <title>{pageTitle(T.fileTitle)}</title>
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{T.fileTitle}</h1>
      <p className="mt-2 text-base text-slate-700">{T.fileIntro}</p>
      {file.data ? (
        <>
          <Readiness file={file.data} />
          <FileForm file={file.data} />
        </>
      ) : (
        <PageSpinner />
      )}
    </div>
  );
}

/** Complete, or the list of what a freelance application still needs (the server's sentences). */
export function Readiness({ file }: { file: TProfessionalFile }) {
  return file.ready_for_freelance ? (
    <p role="status" className="mt-5 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-base text-emerald-900">
      {T.fileReady}
    </p>
  ) : (
    <div role="status" className="mt-5 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-base text-amber-950">
      <p className="font-medium">{T.fileMissing}</p>
      <ul className="mt-1 list-disc pl-5 text-sm">
        {file.missing_for_freelance.map((missing) => (
          <li key={missing}>{missing}</li>
        ))}
      </ul>
    </div>
  );
}

function Section({ id, title, intro, children }: { id: string; title: string; intro?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {intro ? <p className="mt-1 text-sm text-slate-700">{intro}</p> : null}
      <div className="mt-4 grid gap-4 sm:grid-cols-2">{children}</div>
    </section>
  );
}

function FileForm({ file }: { file: TProfessionalFile }) {
  const save = useSaveProfessionalFile();
  const form = useForm<TFileFormValues, unknown, TFilePayload>({ resolver: fileResolver, defaultValues: fileFormValues(file) });
  const { errors } = form.formState;
  const field = (name: keyof TFileFormValues) => ({
    id: `fascicolo-${name}`,
    error: fieldErrorText(errors[name]?.message),
    ...form.register(name),
  });
  const today = todayInItaly();

  const onSubmit = form.handleSubmit(
    async (payload) => {
      try {
        const saved = await save.mutateAsync(payload);
        notify.success(T.saved);
        form.reset(fileFormValues(saved));
      } catch (error) {
        notify.error(errorMessage(error, MESSAGES.serverError));
        markServerErrors(form, error, (name) =>
          (FILE_FIELDS as readonly string[]).includes(name) ? (name as FieldPath<TFileFormValues>) : undefined,
        );
      }
    },
    (invalid) => notify.error(firstErrorMessage(invalid) ?? MESSAGES.requiredFields),
  );

  return (
    <form noValidate onSubmit={onSubmit} onFocus={fileResolver.preload} className="mt-6 flex flex-col gap-6">
      <Section id="fascicolo-anagrafica" title={T.identityTitle}>
        <TextField
          {...field('codice_fiscale')}
          label={T.codiceFiscaleLabel}
          hint={T.codiceFiscaleHint}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          maxLength={16}
          className="sm:col-span-2"
        />
        <TextField {...field('birth_date')} label={T.birthDateLabel} type="date" max={today} autoComplete="bday" />
        <BirthPlaceField
          initial={file.birth_place}
          error={fieldErrorText(errors.birth_place_code?.message)}
          onChange={(code) => form.setValue('birth_place_code', code, { shouldDirty: true })}
        />
      </Section>

      <Section id="fascicolo-piva" title={T.taxTitle}>
        <TextField
          {...field('partita_iva')}
          label={T.partitaIvaLabel}
          hint={T.partitaIvaHint}
          inputMode="numeric"
          autoComplete="off"
        />
        <SelectField {...field('tax_regime')} label={T.taxRegimeLabel}>
          <option value="">{T.notGiven}</option>
          {TAX_REGIMES.map((regime) => (
            <option key={regime} value={regime}>
              {TAX_REGIME_LABELS[regime]}
            </option>
          ))}
        </SelectField>
      </Section>

      <Section id="fascicolo-domicilio" title={T.fiscalTitle} intro={T.fiscalIntro}>
        <TextField
          {...field('fiscal_street')}
          label={T.fiscalStreetLabel}
          autoComplete="street-address"
          className="sm:col-span-2"
        />
        <FiscalComuneField
          initial={file.fiscal_address}
          error={fieldErrorText(errors.fiscal_comune_istat?.message)}
          onChange={(istat) => form.setValue('fiscal_comune_istat', istat, { shouldDirty: true })}
        />
        <TextField
          {...field('fiscal_cap')}
          label={T.fiscalCapLabel}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={5}
        />
        <TextField
          {...field('iban')}
          label={T.ibanLabel}
          hint={T.ibanHint}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          className="sm:col-span-2"
        />
      </Section>

      <Section id="fascicolo-assicurazione" title={T.insuranceTitle} intro={T.insuranceIntro}>
        <TextField {...field('insurance_company')} label={T.insuranceCompanyLabel} autoComplete="off" />
        <TextField {...field('insurance_policy_number')} label={T.insurancePolicyLabel} autoComplete="off" spellCheck={false} />
        <TextField {...field('insurance_cover')} label={T.insuranceCoverLabel} inputMode="decimal" autoComplete="off" />
        <TextField {...field('insurance_expires_on')} label={T.insuranceExpiresLabel} type="date" />
        <div className="sm:col-span-2">
          <InsuranceDocument document={file.insurance.document} />
        </div>
      </Section>

      <Section id="fascicolo-ecm" title={T.ecmTitle}>
        <SelectField {...field('ecm_period_start')} label={T.ecmPeriodLabel}>
          <option value="">{T.notGiven}</option>
          {ecmPeriodStarts(today).map((start) => (
            <option key={start} value={String(start)}>
              {ecmPeriodLabel(start)}
            </option>
          ))}
        </SelectField>
        <TextField
          {...field('ecm_credits')}
          label={T.ecmCreditsLabel(file.ecm.required)}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
        />
      </Section>

      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-600">{file.updated_at ? T.updatedAt(formatDateTime(file.updated_at)) : null}</p>
        <Button type="submit" size="lg" loading={save.isPending} className="w-full sm:w-auto">
          {save.isPending ? T.saving : T.save}
        </Button>
      </div>
    </form>
  );
}
