/** What a refused answer to an invitation says: the server's sentence, then what it means and what to do, in Italian. */
import { INVITATION_TEXT } from '@farmaponte/shared/invitation-text';
import { MESSAGES } from '@farmaponte/shared/messages';
import { ApiError } from '../../../lib/api-client';

export type TRefusal = { message: string; explained: string | null };

export function refusalOf(error: unknown): TRefusal {
  if (!(error instanceof ApiError)) return { message: MESSAGES.loadFailed, explained: null };
  return { message: error.message, explained: INVITATION_TEXT.refusalExplained[error.code] ?? null };
}
