/** The warning mails of the retention job (decision 068): what will be erased, when, and the link that keeps it. */
import { formatDate, todayInItaly } from '@farmaponte/shared';
import { escapeHtml } from '../../lib/html';

/** The Italian day of an instant, dd/mm/yyyy. */
function italianDay(at: Date): string {
  return formatDate(todayInItaly(at));
}

function warningMail(subject: string, paragraphs: string[], link: string, button: string) {
  return {
    subject,
    text: ['Ciao,', '', ...paragraphs.flatMap((p) => [p, '']), `${button}: ${link}`, '', 'Il team Farmaponte'].join('\n'),
    html: `<p>Ciao,</p>${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}<p><a href="${escapeHtml(link)}">${escapeHtml(button)}</a></p><p>Il team Farmaponte</p>`,
  };
}

export function accountWarningMail(link: string, erasesAt: Date, months: number) {
  const day = italianDay(erasesAt);
  return warningMail(
    `Farmaponte: il tuo account verrà cancellato il ${day}`,
    [
      `non accedi a Farmaponte da circa ${months} mesi. Per non conservare dati che non usi più, il ${day} cancelleremo il tuo account con tutti i suoi dati: profilo, CV, candidature, offerte, ricerche salvate e notifiche.`,
      'Se vuoi tenerlo, apri il link qui sotto e premi «Conserva», oppure accedi a Farmaponte prima di quella data. Se non ti serve più, non devi fare nulla.',
    ],
    link,
    'Conserva il mio account',
  );
}

export function cvWarningMail(link: string, erasesAt: Date, months: number) {
  const day = italianDay(erasesAt);
  return warningMail(
    `Farmaponte: il tuo CV verrà cancellato il ${day}`,
    [
      `il CV che hai caricato su Farmaponte non è aggiornato da circa ${months} mesi. Il ${day} lo cancelleremo; il tuo account e le tue candidature restano.`,
      "Se vuoi tenerlo così com'è, apri il link qui sotto e premi «Conserva»; puoi anche caricarne uno nuovo dal tuo profilo. Se non ti serve più, non devi fare nulla.",
    ],
    link,
    'Conserva il mio CV',
  );
}
