/** The admin's overview on the dashboard (plugged in by app/routes/home-route.tsx); its code downloads only for admins. */
import { lazy, Suspense } from 'react';
import { Spinner } from '../../../components/ui/spinner';

const AdminOverviewContent = lazy(() => import('./admin-overview-content'));

export function AdminOverview() {
  return (
    <Suspense
      fallback={
        <div className="flex justify-center py-10">
          <Spinner />
        </div>
      }
    >
      <AdminOverviewContent />
    </Suspense>
  );
}
