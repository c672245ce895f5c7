/** Resolvers of the admin forms; zod downloads when a form is first focused or submitted. */
import { lazyResolver } from '../../../lib/lazy-resolver';

export const locationResolver = lazyResolver(() => import('./resolvers').then((m) => m.locationResolver));
