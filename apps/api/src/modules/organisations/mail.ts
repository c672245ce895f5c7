/** The mail of a staff invitation (decision 089): who invites, to what role, the link and how long it works. */
import { LIMITS } from '@farmaponte/shared';
import type { TMemberRole } from '@farmaponte/shared/organisation';
import { escapeHtml } from '../../lib/html';

const ROLE_TEXT: Record<TMemberRole, string> = {
  titolare: 'titolare (tutte le farmacie, le persone e i dati di fatturazione)',
  responsabile: 'responsabile (pubblica turni, decide sulle candidature e scrive ai farmacisti per le sue farmacie)',
  consultazione: 'consultazione (vede turni e candidature senza modificarli)',
};

export function staffInvitationMail(organisation: string, role: TMemberRole, link: string) {
  const days = LIMITS.staffInvitationTtlDays;
  const lines = [
    'Ciao,',
    '',
    `${organisation} ti ha invitato su Farmaponte con il ruolo di ${ROLE_TEXT[role]}.`,
    `Per accettare apri questo link entro ${days} giorni:`,
    link,
    '',
    'Se non ti aspettavi questo invito, ignora questa e-mail.',
    '',
    'Il team Farmaponte',
  ];
  return {
    subject: `Farmaponte: ${organisation} ti invita nel suo staff`,
    text: lines.join('\n'),
    html: [
      '<p>Ciao,</p>',
      `<p>${escapeHtml(organisation)} ti ha invitato su Farmaponte con il ruolo di ${escapeHtml(ROLE_TEXT[role])}.</p>`,
      `<p>Per accettare apri questo link entro ${days} giorni:</p>`,
      `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
      '<p>Se non ti aspettavi questo invito, ignora questa e-mail.</p>',
      '<p>Il team Farmaponte</p>',
    ].join(''),
  };
}
