/**
 * 'Rischio di riqualificazione del rapporto' in the acceptance of a freelance application (decision 093): the
 * explanation, the indicators over their thresholds, the advice and the source. A warning, never a block: accepting
 * stays possible, and a failed check says nothing rather than stand in the way.
 */
import { ENGAGEMENT_TEXT as T } from '@farmaponte/shared/ui-text-engagement';
import { Spinner } from '../../../components/ui/spinner';
import { type TReclassification, useReclassification } from '../api/get-reclassification';
import { indicatorText } from '../lib/engagement-facts';

export function ReclassificationCheck({ applicationId }: { applicationId: number }) {
  const check = useReclassification(applicationId, true);
  if (check.isPending) return <Spinner size="sm" label={T.reclassificationChecking} className="mb-3" />;
  if (!check.data?.at_risk) return null;
  return <ReclassificationWarning warning={check.data} />;
}

export function ReclassificationWarning({ warning }: { warning: TReclassification }) {
  const over = warning.indicators.filter((indicator) => indicator.over);
  return (
    <section
      aria-labelledby="rischio-riqualificazione"
      className="mb-4 rounded-lg border border-amber-400 bg-amber-50 px-4 py-3 text-sm text-amber-950"
    >
      <h3 id="rischio-riqualificazione" className="text-base font-semibold">
        <span aria-hidden="true">⚠ </span>
        {warning.title}
      </h3>
      <p className="mt-1">{warning.explanation}</p>
      {over.length ? (
        <>
          <p className="mt-2 font-medium">{T.reclassificationIndicators}</p>
          <ul className="list-disc pl-5">
            {over.map((indicator) => (
              <li key={indicator.key}>{indicatorText(indicator)}</li>
            ))}
          </ul>
        </>
      ) : null}
      <p className="mt-2 font-medium">{T.reclassificationAdvice}</p>
      <ul className="list-disc pl-5">
        {warning.advice.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p className="mt-2 text-xs text-amber-900">
        {T.sourceLabel} {warning.source}
      </p>
      <p className="mt-2 font-medium">{T.reclassificationNeverBlocks}</p>
    </section>
  );
}
