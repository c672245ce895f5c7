/**
 * The pharmacies the person acts for: name, address, registry code and VAT number, the admin's check ('In attesa di
 * verifica' with the document's upload, 'Verificata', 'Rifiutata'), 'Sola consultazione' where the person only reads,
 * and the way to its settings. A pharmacy just added takes the focus.
 */
import type { TOrganisationPharmacy } from '@farmaponte/shared/organisation';
import { ORGANISATION_TEXT as T } from '@farmaponte/shared/ui-text-organisation';
import { type ReactNode, useEffect, useRef } from 'react';
import { ButtonLink } from '../../../components/ui/button';
import { ReadOnlyBadge, VerificationBadge } from './badges';

/** A pharmacy's settings page (PATHS.pharmacySettings with its id). */
const settingsPath = (pharmacyId: number) => `/organizzazione/farmacie/${pharmacyId}/impostazioni`;

export function PharmacyList({
  pharmacies,
  focusId,
  documentUpload,
}: {
  pharmacies: readonly TOrganisationPharmacy[];
  /** The pharmacy just added: its card takes the focus once it is there. */
  focusId: number | null;
  /** The document for the admin's check of a pharmacy that waits (another feature's form, plugged in by the app). */
  documentUpload?: (pharmacy: TOrganisationPharmacy) => ReactNode;
}) {
  if (!pharmacies.length) return <p className="text-base text-slate-700">{T.pharmaciesEmpty}</p>;
  return (
    <ul className="flex flex-col gap-4">
      {pharmacies.map((pharmacy) => (
        <li key={pharmacy.id}>
          <PharmacyCard pharmacy={pharmacy} focus={pharmacy.id === focusId} documentUpload={documentUpload} />
        </li>
      ))}
    </ul>
  );
}

function PharmacyCard({
  pharmacy,
  focus,
  documentUpload,
}: {
  pharmacy: TOrganisationPharmacy;
  focus: boolean;
  documentUpload?: (pharmacy: TOrganisationPharmacy) => ReactNode;
}) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  const titleId = `pharmacy-${pharmacy.id}`;
  const waiting = pharmacy.verification === 'pending' || pharmacy.verification === 'rejected';
  return (
    <article
      ref={ref}
      tabIndex={-1}
      aria-labelledby={titleId}
      className="rounded-xl border border-slate-200 bg-slate-50/60 p-4 focus:outline-2 focus:outline-emerald-700 sm:p-5"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h3 id={titleId} className="break-words text-base font-semibold text-slate-900">
            {pharmacy.name}
          </h3>
          <p className="break-words text-sm text-slate-800">{[pharmacy.address, pharmacy.comune].filter(Boolean).join(', ')}</p>
          <p className="text-sm text-slate-700">
            {[
              pharmacy.cod_farmacia && T.pharmacyCode(pharmacy.cod_farmacia),
              pharmacy.partita_iva && T.pharmacyVat(pharmacy.partita_iva),
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
          <p className="mt-2 flex flex-wrap gap-2">
            <VerificationBadge status={pharmacy.verification} />
            {pharmacy.can_write ? null : <ReadOnlyBadge />}
          </p>
        </div>
        <ButtonLink
          to={settingsPath(pharmacy.id)}
          variant="secondary"
          aria-label={T.settingsLinkLabel(pharmacy.name)}
          className="shrink-0 self-start"
        >
          {T.settingsLink}
        </ButtonLink>
      </div>
      {waiting && pharmacy.can_write ? (
        <div className="mt-4 border-t border-slate-200 pt-4">
          <p className="text-sm text-slate-800">{pharmacy.verification === 'pending' ? T.pendingHint : T.rejectedHint}</p>
          {documentUpload?.(pharmacy)}
        </div>
      ) : null}
    </article>
  );
}
