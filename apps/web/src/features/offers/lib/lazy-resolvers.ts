/** Resolvers of the offer form; zod downloads when the form is first focused or submitted. */
import { lazyResolver } from '../../../lib/lazy-resolver';

export const offerResolver = lazyResolver(() => import('./resolvers').then((m) => m.offerResolver));
