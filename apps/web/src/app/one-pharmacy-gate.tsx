/**
 * While the header says 'Tutte le farmacie' (decision 089): a page that shows the whole group as it is; in place of one
 * that works for one pharmacy at a time, why, and a button for each pharmacy to act for. Loaded only then.
 */
import { ORGANISATION_TEXT as T } from '@farmaponte/shared/ui-text-organisation';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Button } from '../components/ui/button';
import { PageSpinner } from '../components/ui/spinner';
import { useActingPharmacy } from '../lib/api/get-organisation';
import { showsWholeGroup } from '../lib/group-pages';
import { pageTitle } from '../lib/page-title';

export default function OnePharmacyGate({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return showsWholeGroup(pathname) ? children : <OnePharmacyNotice />;
}

function OnePharmacyNotice() {
  const { organisation, choose } = useActingPharmacy();
  if (!organisation.data) return <PageSpinner />;
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-10">
      <title>{pageTitle(T.oneAtATimeTitle)}</title>
      <section aria-labelledby="one-pharmacy-title" className="rounded-2xl border border-amber-300 bg-amber-50 p-6">
        <h1 id="one-pharmacy-title" className="text-xl font-bold text-slate-900">
          {T.oneAtATimeTitle}
        </h1>
        <p className="mt-2 text-base text-slate-800">{T.oneAtATimeText}</p>
        <ul className="mt-4 flex flex-col gap-2">
          {organisation.data.pharmacies.map((pharmacy) => (
            <li key={pharmacy.id}>
              <Button variant="secondary" className="w-full justify-start text-left" onClick={() => choose(pharmacy.id)}>
                {T.actFor(T.pharmacyOption(pharmacy.name, pharmacy.comune))}
              </Button>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
