/**
 * The offer form's live preview (decision 094): the shift's pay hour by hour under each form it offers, with each
 * form's total; until the offer has days and hours, what is missing.
 */
import { PAY_TEXT } from '@farmaponte/shared/ui-text-pay';
import { useId } from 'react';
import { PayLinesTable } from '../../../components/pay/pay-lines-table';
import type { TPayPreviewForm } from '../lib/pay-preview';

export function PayPreview({ preview }: { preview: readonly TPayPreviewForm[] }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="flex min-w-0 flex-col gap-2" data-testid="pay-preview">
      <h3 id={titleId} className="text-sm font-semibold text-slate-900">
        {PAY_TEXT.previewTitle}
      </h3>
      {preview.length ? (
        <>
          {preview.map(({ form, lines, total }) => (
            <PayLinesTable key={form} lines={lines} total={total} caption={PAY_TEXT.previewFor(form)} />
          ))}
          <p className="text-sm font-medium text-slate-900">
            {preview.map(({ form, total }) => PAY_TEXT.totalOf(form, total)).join(' · ')}
          </p>
          <p className="text-xs text-slate-600">{PAY_TEXT.previewTravelLeftOut}</p>
        </>
      ) : (
        <p className="text-sm text-slate-600">{PAY_TEXT.previewNeedsHours}</p>
      )}
    </section>
  );
}
