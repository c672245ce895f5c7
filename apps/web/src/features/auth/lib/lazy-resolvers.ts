/** Resolvers of the auth forms; zod downloads when a form is first focused or submitted. */
import { lazyResolver } from '../../../lib/lazy-resolver';

export const loginResolver = lazyResolver(() => import('./resolvers').then((m) => m.loginResolver));
export const registerResolver = lazyResolver(() => import('./resolvers').then((m) => m.registerResolver));
export const forgotPasswordResolver = lazyResolver(() => import('./resolvers').then((m) => m.forgotPasswordResolver));
export const resetPasswordResolver = lazyResolver(() => import('./resolvers').then((m) => m.resetPasswordResolver));
