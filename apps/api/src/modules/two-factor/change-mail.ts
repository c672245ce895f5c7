/**
 * The mail every change of a user's two-step login sends to the account's address (docs/rules.md#sessions): what
 * changed, when, and what to do if it was not them. Someone with a session only is not the owner of the mailbox.
 */
import { formatDateTime } from '@farmaponte/shared';
import { escapeHtml } from '../../lib/html';

export type TSecondStepChange = 'enabled' | 'disabled' | 'reset_by_admin';

const WHAT: Record<TSecondStepChange, { subject: string; line: string }> = {
  enabled: {
    subject: 'Farmaponte: accesso in due passaggi attivato',
    line: "è stato attivato l'accesso in due passaggi del tuo account Farmaponte: da ora ogni accesso chiede anche il codice di un'app di autenticazione.",
  },
  disabled: {
    subject: 'Farmaponte: accesso in due passaggi disattivato',
    line: "è stato disattivato l'accesso in due passaggi del tuo account Farmaponte: da ora basta la password per accedere.",
  },
  reset_by_admin: {
    subject: "Farmaponte: accesso in due passaggi disattivato dall'assistenza",
    line: "su tua richiesta l'assistenza ha disattivato l'accesso in due passaggi del tuo account Farmaponte e terminato tutte le sessioni aperte: da ora basta la password per accedere.",
  },
};

export function secondStepChangeMail(change: TSecondStepChange, at: Date, publicUrl: string) {
  const { subject, line } = WHAT[change];
  const profile = `${publicUrl}/profile#accesso-due-passaggi`;
  const reset = `${publicUrl}/forgot-password`;
  const paragraphs = [
    'Ciao,',
    `${line} (${formatDateTime(at.toISOString())})`,
    change === 'disabled' || change === 'reset_by_admin'
      ? `Ti consigliamo di riattivarlo dal tuo profilo: ${profile}`
      : `Puoi gestirlo dal tuo profilo: ${profile}`,
    `Non sei stato tu? Qualcuno potrebbe avere la tua password o una tua sessione aperta. Cambia subito la password (${reset}): tutte le sessioni vengono chiuse. Poi rispondi a questa e-mail: l'assistenza ti aiuterà a rimettere in sicurezza l'account.`,
    'Il team Farmaponte',
  ];
  return {
    subject,
    text: paragraphs.join('\n\n'),
    html: paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join(''),
  };
}
