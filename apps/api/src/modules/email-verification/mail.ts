/** The confirmation mail of a new address (decision 047): Italian text with the link, valid LIMITS.emailConfirmationTtlHours. */
import { LIMITS } from '@farmaponte/shared';

export function confirmationMail(link: string) {
  const hours = LIMITS.emailConfirmationTtlHours;
  const lines = [
    'Ciao,',
    '',
    'grazie per esserti registrato/a su Farmaponte.',
    `Per confermare il tuo indirizzo email apri questo link entro ${hours} ore:`,
    link,
    '',
    "Finché non confermi l'indirizzo puoi accedere, completare il profilo e cercare offerte, ma non candidarti né pubblicare offerte.",
    'Se non ti sei registrato/a tu, ignora questa e-mail.',
    '',
    'Il team Farmaponte',
  ];
  return {
    subject: 'Farmaponte: conferma il tuo indirizzo email',
    text: lines.join('\n'),
    html: [
      '<p>Ciao,</p>',
      '<p>grazie per esserti registrato/a su Farmaponte.</p>',
      `<p>Per confermare il tuo indirizzo email apri questo link entro ${hours} ore:</p>`,
      `<p><a href="${link}">${link}</a></p>`,
      "<p>Finché non confermi l'indirizzo puoi accedere, completare il profilo e cercare offerte, ma non candidarti né pubblicare offerte.</p>",
      '<p>Se non ti sei registrato/a tu, ignora questa e-mail.</p>',
      '<p>Il team Farmaponte</p>',
    ].join(''),
  };
}
