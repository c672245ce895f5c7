/** The registry on a map: the section and its data are light; Leaflet and the clusters download with the map chunk. */

import { ADMIN_TEXT } from '@farmaponte/shared/ui-text-admin';
import { lazy, Suspense } from 'react';
import { QueryLoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { usePharmacyPoints } from '../api/get-pharmacy-points';
import { formatCount } from '../lib/format';

const RegistryMap = lazy(() => import('./registry-map'));

const MAP_HEIGHT = 'h-[22rem] sm:h-[30rem]';

export function RegistryMapSection({ className }: { className?: string }) {
  const points = usePharmacyPoints();
  const placeholder = (
    <div className={cn(MAP_HEIGHT, 'flex items-center justify-center rounded-xl bg-slate-100')}>
      <Spinner />
    </div>
  );
  let content = placeholder;
  let intro = '';
  if (points.isError) {
    content = <QueryLoadError query={points} />;
  } else if (points.data) {
    intro = points.data.length ? ADMIN_TEXT.registryMapIntro(formatCount(points.data.length)) : ADMIN_TEXT.registryMapEmpty;
    content = (
      <Suspense fallback={placeholder}>
        <RegistryMap points={points.data} className={MAP_HEIGHT} />
      </Suspense>
    );
  }
  return (
    <section
      aria-labelledby="registry-map-title"
      className={cn('rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6', className)}
    >
      <h2 id="registry-map-title" className="text-xl font-bold text-slate-900">
        {ADMIN_TEXT.registryMapTitle}
      </h2>
      <p className="mt-2 min-h-5 text-sm text-slate-700">{intro}</p>
      <div className="mt-4">{content}</div>
    </section>
  );
}
