/**
 * One request of the queue: what the user typed beside the registry row (differences marked in words), the document,
 * since when it waits ('In attesa da più di un giorno lavorativo' written, not only coloured), 'Approva' and 'Rifiuta'.
 */
import type { TVerificationRow } from '@farmaponte/shared';
import { formatDate, formatDateTime } from '@farmaponte/shared/dates';
import { MESSAGES } from '@farmaponte/shared/messages';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { OWNER_TEXT } from '@farmaponte/shared/ui-text-owner';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { textLinkClasses } from '../../../components/ui/text-link';
import { cn } from '../../../lib/cn';
import { errorMessage, notify } from '../../../lib/notify';
import { useDecideVerification } from '../api/decide-verification';
import { compareWithRegistry } from '../lib/compare';

interface TVerificationCardProps {
  request: TVerificationRow;
  onReject: (request: TVerificationRow, button: HTMLElement) => void;
}

export function VerificationCard({ request, onReject }: TVerificationCardProps) {
  const titleId = useId();
  const approve = useDecideVerification();
  const fields = compareWithRegistry(request.entered, request.registry);
  const isOwner = request.role === 'titolare';
  const name = [request.entered.name, request.entered.surname].filter(Boolean).join(' ');
  const show = (key: string, value: string) => (key === 'data_iscrizione_albo' ? formatDate(value) : value);

  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        'rounded-2xl border bg-white p-4 shadow-sm sm:p-6',
        request.late ? 'border-amber-400 ring-1 ring-amber-300' : 'border-slate-200',
      )}
    >
      <header className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <p className="text-sm font-semibold uppercase tracking-wide text-emerald-800">{UI_TEXT.roleNames[request.role]}</p>
          <h2 id={titleId} className="break-words text-lg font-semibold text-slate-900">
            {name || request.email}
          </h2>
          <p className="break-all text-sm text-slate-700">{request.email}</p>
        </div>
        <div className="flex flex-col gap-1 text-sm sm:items-end">
          <p className="text-slate-700">{OWNER_TEXT.verificationRequestedAt(formatDateTime(request.requested_at))}</p>
          {request.late ? (
            <p className="inline-flex items-center gap-1 self-start rounded-full bg-amber-100 px-3 py-1 font-semibold text-amber-900 sm:self-end">
              {OWNER_TEXT.verificationLate}
            </p>
          ) : null}
          {request.status !== 'pending' ? (
            <p className="font-semibold text-slate-900">{OWNER_TEXT.verificationStatusName[request.status]}</p>
          ) : null}
        </div>
      </header>

      {request.other_claims.length ? (
        <section
          aria-label={OWNER_TEXT.verificationDoubleClaimTitle}
          className="mt-4 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900"
        >
          <p className="font-semibold">{OWNER_TEXT.verificationDoubleClaimTitle}</p>
          <ul className="mt-1 list-disc pl-5">
            {request.other_claims.map((claim) => (
              <li key={claim.user_id} className="break-words">
                {OWNER_TEXT.verificationDoubleClaimOther(
                  [claim.name, claim.surname].filter(Boolean).join(' ') || claim.email,
                  claim.email,
                  OWNER_TEXT.verificationStatusName[claim.status],
                )}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <div className={cn('mt-4 grid gap-4', isOwner ? 'md:grid-cols-2' : '')}>
        <section aria-label={OWNER_TEXT.verificationEntered} className="min-w-0">
          <h3 className="text-sm font-semibold text-slate-900">{OWNER_TEXT.verificationEntered}</h3>
          <dl className="mt-2 grid gap-2 text-sm">
            {fields.map((field) => (
              <div key={field.key} className={cn('min-w-0 rounded-lg px-2 py-1', field.differs ? 'bg-amber-50' : '')}>
                <dt className="text-slate-600">{OWNER_TEXT.verificationFields[field.key]}</dt>
                <dd className="break-words font-medium text-slate-900">
                  {show(field.key, field.entered) || '—'}
                  {field.differs ? (
                    <span className="ml-2 inline-block rounded bg-amber-200 px-1.5 text-xs font-semibold text-amber-950">
                      {OWNER_TEXT.verificationDiffers}
                    </span>
                  ) : null}
                </dd>
              </div>
            ))}
          </dl>
        </section>
        {isOwner ? (
          <section aria-label={OWNER_TEXT.verificationRegistry} className="min-w-0">
            <h3 className="text-sm font-semibold text-slate-900">{OWNER_TEXT.verificationRegistry}</h3>
            {request.registry ? (
              <dl className="mt-2 grid gap-2 text-sm">
                {(
                  [
                    [OWNER_TEXT.verificationFields.cod_farmacia, request.registry.cod_farmacia],
                    [OWNER_TEXT.verificationFields.denominazione_farmacia, request.registry.name],
                    [
                      OWNER_TEXT.verificationFields.indirizzo_farmacia,
                      [request.registry.address, request.registry.cap].filter(Boolean).join(', '),
                    ],
                    [
                      OWNER_TEXT.verificationFields.comune_farmacia,
                      `${request.registry.comune}${request.registry.sigla_provincia ? ` (${request.registry.sigla_provincia})` : ''}`,
                    ],
                    [OWNER_TEXT.verificationFields.partita_iva, request.registry.partita_iva],
                  ] as const
                ).map(([label, value]) => (
                  <div key={label} className="min-w-0 px-2 py-1">
                    <dt className="text-slate-600">{label}</dt>
                    <dd className="break-words font-medium text-slate-900">{value || '—'}</dd>
                  </div>
                ))}
              </dl>
            ) : (
              <p className="mt-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm font-semibold text-amber-900">
                {OWNER_TEXT.verificationNotInRegistry}
              </p>
            )}
          </section>
        ) : null}
      </div>

      {request.reason ? (
        <p className="mt-4 text-sm text-slate-800">{OWNER_TEXT.verificationReasonShown(request.reason)}</p>
      ) : null}

      <footer className="mt-4 flex flex-col gap-3 border-t border-slate-100 pt-4 sm:flex-row sm:items-center sm:justify-between">
        {isOwner ? (
          request.document_url ? (
            <a
              href={request.document_url}
              target="_blank"
              rel="noopener noreferrer"
              className={cn(textLinkClasses, 'inline-flex min-h-11 items-center text-base')}
            >
              {OWNER_TEXT.verificationDocument}
            </a>
          ) : (
            <p className="text-sm text-slate-700">{OWNER_TEXT.verificationNoDocument}</p>
          )
        ) : (
          <span />
        )}
        {request.status === 'pending' ? (
          <div className="grid grid-cols-2 gap-3 sm:flex">
            <Button
              aria-describedby={titleId}
              loading={approve.isPending}
              onClick={() =>
                approve.mutate(
                  { userId: request.user_id, decision: 'verified', reason: '' },
                  {
                    onSuccess: (answer) => notify.success(answer.message),
                    onError: (failure) => notify.error(errorMessage(failure, MESSAGES.loadFailed)),
                  },
                )
              }
            >
              {approve.isPending ? OWNER_TEXT.verificationApproveBusy : OWNER_TEXT.verificationApprove}
            </Button>
            <Button
              variant="danger"
              aria-haspopup="dialog"
              aria-describedby={titleId}
              disabled={approve.isPending}
              onClick={(event) => onReject(request, event.currentTarget)}
            >
              {OWNER_TEXT.verificationReject}
            </Button>
          </div>
        ) : null}
      </footer>
    </article>
  );
}
