/**
 * The offer's pay on its public page (decision 094): hour by hour under the form chosen (an offer open to both forms
 * lets the reader switch), the trip ("circa N km"), lodging and the total with travel.
 */
import type { TOfferPay, TPayTermsOut } from '@farmaponte/shared';
import type { TLegalForm } from '@farmaponte/shared/engagement';
import { PAY_TEXT } from '@farmaponte/shared/ui-text-pay';
import { useId, useState } from 'react';
import { PayLinesTable } from '../../../components/pay/pay-lines-table';
import { SelectField } from '../../../components/ui/field';
import { QueryLoadError } from '../../../components/ui/load-error';
import { useOfferPay } from '../../../lib/api/offer-pay';
import { legalFormsOf } from '../../../lib/legal-forms';

export function OfferPayBreakdown({
  offer,
}: {
  offer: { id: number; legal_forms?: readonly TLegalForm[] | null; pay_terms?: TPayTermsOut | null };
}) {
  const forms = legalFormsOf(offer);
  const [form, setForm] = useState<TLegalForm>(forms[0] ?? 'dipendente');
  const pay = useOfferPay(offer.id, form);
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="mt-6 flex flex-col gap-3" data-testid="offer-pay">
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        {PAY_TEXT.breakdownTitle}
      </h2>
      {forms.length > 1 ? (
        <SelectField
          label={PAY_TEXT.breakdownFormLabel}
          value={form}
          onChange={(event) => setForm(event.target.value as TLegalForm)}
          className="sm:max-w-xs"
        >
          {forms.map((f) => (
            <option key={f} value={f}>
              {PAY_TEXT.previewFor(f)}
            </option>
          ))}
        </SelectField>
      ) : null}
      {pay.data ? (
        <PayDetails pay={pay.data} terms={offer.pay_terms ?? null} />
      ) : pay.isError ? (
        <QueryLoadError query={pay} />
      ) : (
        <p className="text-sm text-slate-600">{PAY_TEXT.breakdownLoading}</p>
      )}
    </section>
  );
}

function PayDetails({ pay, terms }: { pay: TOfferPay; terms: TPayTermsOut | null }) {
  const travel = travelText(pay.travel, terms);
  return (
    <>
      {pay.lines.length ? (
        <PayLinesTable lines={pay.lines} total={pay.total} caption={PAY_TEXT.previewFor(pay.legal_form)} />
      ) : (
        <p className="text-sm text-slate-700">{PAY_TEXT.breakdownNoHours}</p>
      )}
      {travel || pay.lodging || pay.negotiation?.max_hourly ? (
        <dl className="grid gap-x-4 gap-y-1 text-base sm:grid-cols-[max-content_minmax(0,1fr)] sm:gap-y-2">
          {travel ? <Detail label={PAY_TEXT.travelLabel} value={travel} /> : null}
          {pay.lodging ? (
            <Detail label={PAY_TEXT.lodgingLabel} value={PAY_TEXT.lodgingNights(pay.lodging.nights, pay.lodging.note)} />
          ) : null}
          {pay.travel?.amount != null && pay.grand_total !== null ? (
            <Detail label={PAY_TEXT.grandTotalLabel} value={PAY_TEXT.euros(pay.grand_total)} />
          ) : null}
        </dl>
      ) : null}
      {pay.negotiation?.max_hourly ? (
        <p className="text-sm text-slate-700">{PAY_TEXT.negotiable(pay.negotiation.max_hourly)}</p>
      ) : null}
    </>
  );
}

/**
 * The trip as the reader can know it: a fixed sum, the kilometres from her comune (always an estimate), or, when her
 * comune is not known (a visitor, the owner), the offer's rate a kilometre.
 */
function travelText(travel: TOfferPay['travel'], terms: TPayTermsOut | null): string | null {
  if (!travel) return null;
  if (travel.mode === 'fisso') return travel.amount === null ? null : PAY_TEXT.travelFixed(travel.amount, travel.per_day);
  if (travel.km !== null) return PAY_TEXT.travelAbout(travel.km, travel.amount);
  return terms?.travel_per_km == null
    ? PAY_TEXT.travelPerKmUnknown
    : PAY_TEXT.travelPerKm(terms.travel_per_km, terms.travel_cap, travel.per_day);
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt className="font-medium text-slate-600">{label}</dt>
      <dd className="mb-2 min-w-0 break-words text-slate-900 sm:mb-0">{value}</dd>
    </>
  );
}
