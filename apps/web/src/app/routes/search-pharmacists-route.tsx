/**
 * /cerca_farmacisti: the availability feature's search page, with each card's actions given here (features never
 * import each other): the place where an invitation dialog of another feature is plugged in through `renderActions`.
 */
import { SearchPharmacistsPage } from '../../features/availability/pages/search-pharmacists-page';

export function SearchPharmacistsRoute() {
  return <SearchPharmacistsPage />;
}
