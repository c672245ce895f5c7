/** The professional file's resolver; its schema downloads when the form is first focused or submitted. */
import { lazyResolver } from '../../../lib/lazy-resolver';

export const fileResolver = lazyResolver(() => import('./resolvers').then((m) => m.fileResolver));
