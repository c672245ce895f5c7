/** /cerca_offerte with the CV dialog plugged in, for 'Manda CV' without a CV (features never import each other). */
import { CvUploadDialog } from '../../features/cv/components/cv-dialog';
import { SearchOffersPage } from '../../features/offers/pages/search-offers-page';

export function SearchOffersRoute() {
  return <SearchOffersPage cvDialog={CvUploadDialog} />;
}
