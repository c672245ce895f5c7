/** The mail a suspended user receives (decision 062): the reason, and how to reach the support. */
import { escapeHtml } from '../../lib/html';

export function suspensionMail(reason: string) {
  const lines = [
    'Ciao,',
    '',
    'il tuo account Farmaponte è stato sospeso da un amministratore per questo motivo:',
    reason,
    '',
    'Finché l’account è sospeso non puoi accedere; le tue offerte aperte sono state chiuse e le tue candidature in attesa ritirate.',
    'Se pensi che sia un errore, rispondi a questa e-mail: l’assistenza ti risponderà.',
    '',
    'Il team Farmaponte',
  ];
  return {
    subject: 'Farmaponte: il tuo account è sospeso',
    text: lines.join('\n'),
    html: lines
      .filter((line) => line !== '')
      .map((line) => `<p>${escapeHtml(line)}</p>`)
      .join(''),
  };
}
