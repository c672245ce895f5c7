/**
 * The texts of "Pay as agreed" where a deal is made (decision 094): her pay hour by hour in the apply dialog and the
 * invitation's answer, her trip and lodging, 'Proponi un altro compenso'; the negotiation on the owner's application
 * card and on her applications; the settled terms on the contract page and the worked-shift card. The refusals and
 * the answers' messages are the API's (messages-pay.ts).
 */
import { formatAmount, formatHours } from './italian-figures';
import type { TProposalStatus } from './schemas/pay';

const euros = (value: number) => `${formatAmount(value)} €`;
const hourly = (value: number) => `${formatAmount(value)} €/ora`;

export const DEAL_TEXT = {
  // Her pay, hour by hour (apply dialog, invitation, contract, worked shift)
  payTitle: 'Il tuo compenso',
  payLoading: 'Calcolo del compenso...',
  payLoadFailed: 'Non è stato possibile calcolare il compenso di questo turno.',
  payNoHours: 'Il turno non ha ancora giorni e orari: il compenso si calcola quando la farmacia li indica.',
  payHourly: (value: number) => `Paga oraria: ${hourly(value)}`,
  payHourlyUnknown: 'Paga oraria non indicata: vale il minimo del CCNL per il livello.',
  payCcnlMinimum: (value: number) => `Minimo CCNL: ${hourly(value)} lordi`,
  linesCaption: 'Ore e compenso, giorno per giorno',
  /** 'Domenica (+10%)': a supplement is named with the hours it raises, as the documents do. */
  lineLabel: (label: string, supplement: number) => (supplement > 0 ? `${label} (+${Math.round(supplement * 100)}%)` : label),
  lineRateValue: (value: number) => hourly(value),
  lineAmountValue: (value: number) => euros(value),
  lineHoursOf: (from: string, to: string, minutes: number) => `${from}–${to} (${formatHours(minutes)} h)`,
  payTotal: 'Totale delle ore',
  payTotalValue: (minutes: number, total: number) => `${euros(total)} per ${formatHours(minutes)} h`,
  travelLabel: 'Viaggio',
  travelTrip: (km: number, amount: number | null) =>
    amount === null ? `circa ${km} km andata e ritorno` : `circa ${km} km andata e ritorno, ${euros(amount)}`,
  travelFixed: (amount: number) => `${euros(amount)} di rimborso`,
  travelPerDay: 'per ogni giorno di lavoro',
  travelUnknownKm: 'Rimborso a chilometro: la distanza si calcola dal comune del tuo profilo.',
  travelFrom: (comune: string) => `partendo da ${comune}`,
  travelNone: 'Nessun rimborso del viaggio.',
  lodgingLabel: 'Alloggio',
  lodgingNights: (nights: number) => (nights === 1 ? '1 notte offerta dalla farmacia' : `${nights} notti offerte dalla farmacia`),
  grandTotal: 'Totale con il viaggio',
  agreedBadge: 'Condizioni concordate',
  agreedNote: 'Compenso e viaggio concordati nella trattativa: valgono per il contratto, i turni lavorati e la fattura.',
  estimateNote: 'Stima: il viaggio è calcolato in linea d’aria con un fattore stradale, andata e ritorno.',

  // 'Proponi un altro compenso' (apply dialog, invitation's answer)
  proposeToggle: 'Proponi un altro compenso',
  proposeLegend: 'La tua proposta',
  proposeIntro: 'La farmacia accetta di trattare il compenso: proponi una cifra entro i limiti indicati.',
  proposeHourly: 'Compenso orario proposto (€/ora)',
  proposeHourlyHint: (offered: number | null, max: number) =>
    offered === null
      ? `Fino a ${hourly(max)}.`
      : `Offerto ${hourly(offered)}; la farmacia accetta proposte fino a ${hourly(max)}.`,
  proposeTravel: 'Rimborso del viaggio proposto (€)',
  proposeTravelHint: (max: number) => `Fino a ${euros(max)}.`,
  proposeReason: 'Motivo (facoltativo)',
  proposeReasonHint: 'Per esempio la distanza, l’esperienza, il turno di notte.',
  /** On a waiting application sent without a proposal, to a negotiable offer (/mie_candidature). */
  proposeLater: 'Proponi un altro compenso',
  proposeLaterLabel: (title: string) => `Proponi un altro compenso per «${title}»`,
  proposeLaterSend: 'Invia la proposta',
  proposalWith:
    'La candidatura parte con la tua proposta: la farmacia la accetta, fa una controproposta o la rifiuta. Per candidarti alle condizioni dell’offerta, richiudi la proposta.',

  // The negotiation, both sides
  negotiationTitle: 'Trattativa sul compenso',
  negotiationLoading: 'Lettura della trattativa...',
  negotiationLoadFailed: 'Non è stato possibile leggere la trattativa.',
  proposalBy: 'Proposta del farmacista',
  myProposal: 'La tua proposta',
  counterBy: (name: string | null) => (name ? `Controproposta della farmacia (${name})` : 'Controproposta della farmacia'),
  proposalTerms: (hourlyPay: number | null, travel: number | null) =>
    [hourlyPay === null ? null : hourly(hourlyPay), travel === null ? null : `viaggio ${euros(travel)}`]
      .filter(Boolean)
      .join(' · '),
  proposalReason: (reason: string) => `«${reason}»`,
  decisionReason: (reason: string) => `Motivo: «${reason}»`,
  statusLabel: 'Stato',
  statusNames: {
    in_attesa: 'In attesa di risposta',
    accettata: 'Accettata',
    controproposta: 'Controproposta',
    rifiutata: 'Rifiutata',
    scaduta: 'Scaduta',
  } satisfies Record<TProposalStatus, string>,
  agreedTerms: (hourlyPay: number | null, travel: number | null) =>
    `Condizioni concordate: ${[hourlyPay === null ? 'paga dell’offerta' : hourly(hourlyPay), travel === null ? null : `viaggio ${euros(travel)}`].filter(Boolean).join(' · ')}`,

  // The owner's card
  acceptProposal: 'Accetta proposta',
  counterProposal: 'Controproposta',
  declineProposal: 'Rifiuta',
  declineProposalLabel: (name: string) => `Rifiuta la proposta di ${name}`,
  acceptProposalTitle: (name: string) => `Accettare la proposta di ${name}?`,
  acceptProposalText: 'Il compenso proposto vale per il contratto, i turni lavorati e la fattura. Poi decidi sulla candidatura.',
  counterTitle: (name: string) => `Controproposta a ${name}`,
  counterHourly: 'Compenso orario (€/ora)',
  counterHourlyHint: (offered: number, proposed: number) =>
    `Tra il compenso offerto (${hourly(offered)}) e quello proposto (${hourly(proposed)}).`,
  counterTravel: 'Rimborso del viaggio (€)',
  counterTravelHint: (max: number) => `Al massimo ${euros(max)}.`,
  counterReason: 'Motivo (facoltativo)',
  counterSend: 'Invia controproposta',
  declineTitle: (name: string) => `Rifiutare la proposta di ${name}?`,
  declineReason: 'Motivo',
  declineHint: 'Restano le condizioni dell’offerta; il farmacista legge il motivo.',
  declineSend: 'Rifiuta la proposta',
  sending: 'Invio in corso...',
  pendingBeforeAccept:
    'C’è una proposta sul compenso in attesa: prima di accettare la candidatura, accetta la proposta, fai una controproposta o rifiutala.',
  pendingCounterBeforeAccept:
    'La controproposta della farmacia attende la risposta del farmacista: potrai accettare la candidatura dopo la sua risposta.',
  pendingWhere: 'La proposta è sulla scheda della candidatura, sotto «Trattativa sul compenso».',
  counterWaiting: 'Controproposta inviata: si attende la risposta del farmacista.',

  // Her applications
  counterReceived: 'La farmacia ha fatto una controproposta',
  acceptCounter: 'Accetta',
  declineCounter: 'Rifiuta',
  acceptCounterLabel: 'Accetta la controproposta',
  declineCounterLabel: 'Rifiuta la controproposta',
  acceptCounterTitle: 'Accettare la controproposta?',
  acceptCounterText: (terms: string) =>
    `Accetti ${terms}: queste condizioni valgono per il contratto, i turni lavorati e la fattura.`,
  declineCounterTitle: 'Rifiutare la controproposta?',
  declineCounterReason: 'Motivo (facoltativo)',
  declineCounterHint: 'Restano le condizioni dell’offerta.',
  myProposalWaiting: 'La tua proposta attende la risposta della farmacia.',

  // Contract, worked shift
  contractPayTitle: 'Compenso ora per ora',
  workedPayTitle: 'Compenso delle ore lavorate',
} as const;
