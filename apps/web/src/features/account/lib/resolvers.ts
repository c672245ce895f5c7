/** The account forms' validation: the shared schemas through zodResolver. Loaded on demand (see lib/lazy-resolver). */
// The only runtime import of the package root in the web app: the schemas (and zod) stay in this lazy chunk.
import { ZDescriptionUpdateSchema, ZProfileUpdateSchema } from '@farmaponte/shared';
import { zodResolver } from '@hookform/resolvers/zod';

export const profileResolver = zodResolver(ZProfileUpdateSchema);
export const descriptionResolver = zodResolver(ZDescriptionUpdateSchema);
