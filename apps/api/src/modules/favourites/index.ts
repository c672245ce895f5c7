/** What other features may use of favourites: an owner's favourite pharmacists, whom auto-invitations ask first. */
export { favouriteIdsOf } from './service';
