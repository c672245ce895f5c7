/** Resolvers of the organisation's forms; zod downloads when a form is first focused or submitted. */
import { lazyResolver } from '../../../lib/lazy-resolver';

const load = () => import('./resolvers');

export const organisationResolver = lazyResolver(() => load().then((m) => m.organisationResolver));
export const newPharmacyResolver = lazyResolver(() => load().then((m) => m.newPharmacyResolver));
export const staffInvitationResolver = lazyResolver(() => load().then((m) => m.staffInvitationResolver));
export const memberResolver = lazyResolver(() => load().then((m) => m.memberResolver));
export const settingsResolver = lazyResolver(() => load().then((m) => m.settingsResolver));
