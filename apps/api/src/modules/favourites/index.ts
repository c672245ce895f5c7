/** What other features may use of favourites: an owner's favourite pharmacists (whom auto-invitations ask first), and how an owner sees a pharmacist. */
export { favouriteIdsOf, pharmacistSummaryColumns } from './service';
