/** /farmacie (docs/product.md#admin-pharmacies, admin only): the registry and the owners side by side, the registry map and the import. */
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { ADMIN_TEXT } from '@farmaponte/shared/ui-text-admin';
import { TextLink } from '../../../components/ui/text-link';
import { pageTitle } from '../../../lib/page-title';
import { PATHS } from '../../../lib/paths';
import { OwnerSearch } from '../components/owner-search';
import { RegistryImportPanel } from '../components/registry-import-panel';
import { RegistryMapSection } from '../components/registry-map-section';
import { RegistrySearch } from '../components/registry-search';

export function PharmaciesPage() {
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:py-10">
      <title>{pageTitle(ADMIN_TEXT.pharmaciesTitle)}</title>
      <TextLink to={PATHS.home} className="inline-flex min-h-11 items-center gap-1 text-base">
        <span aria-hidden="true">←</span> {UI_TEXT.backHome}
      </TextLink>
      <h1 className="mt-2 text-2xl font-bold text-slate-900 sm:text-3xl">{ADMIN_TEXT.pharmaciesTitle}</h1>
      <p className="mt-2 max-w-3xl text-base text-slate-700">{ADMIN_TEXT.pharmaciesIntro}</p>
      <div className="mt-6 grid grid-cols-1 gap-6 md:grid-cols-2">
        <RegistrySearch />
        <OwnerSearch />
      </div>
      <RegistryMapSection className="mt-6" />
      <RegistryImportPanel className="mt-6" />
    </div>
  );
}
