/**
 * The resolver of the account made with a staff invitation (decision 089), apart from the other auth forms' so that
 * /login does not carry it; zod and the schema download when the form is first focused or submitted.
 */
import { lazyResolver } from '../../../lib/lazy-resolver';

export const staffAccountResolver = lazyResolver(() => import('./staff-account-schema').then((m) => m.staffAccountResolver));
