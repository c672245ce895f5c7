/** Resolvers of the account forms; zod downloads when a form is first focused or submitted. */
import { lazyResolver } from '../../../lib/lazy-resolver';

export const profileResolver = lazyResolver(() => import('./resolvers').then((m) => m.profileResolver));
export const descriptionResolver = lazyResolver(() => import('./resolvers').then((m) => m.descriptionResolver));
