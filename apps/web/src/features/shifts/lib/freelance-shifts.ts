/**
 * Which of the pharmacist's worked shifts are freelance ones, with a contract (decision 093): a worked shift names its
 * application, her sent applications say the form each was accepted under (one answer, already read by
 * /mie_candidature and the search).
 */
import { applicationLegalForm } from '../../../lib/legal-forms';

export function freelanceApplicationIds(
  applications: readonly { id: number; status: string; legal_form?: string | null }[] | undefined,
): ReadonlySet<number> {
  return new Set(
    (applications ?? [])
      .filter((application) => application.status === 'accepted' && applicationLegalForm(application) === 'libera_professione')
      .map((application) => application.id),
  );
}
