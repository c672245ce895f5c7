/** /mie_offerte with each offer's invitations plugged into its card (features never import each other). */
import { OfferInvitations } from '../../features/invitations/components/offer-invitations';
import { MyOffersPage } from '../../features/offers/pages/my-offers-page';

export function MyOffersRoute() {
  return <MyOffersPage offerExtras={(offer) => <OfferInvitations offerId={offer.id} />} />;
}
