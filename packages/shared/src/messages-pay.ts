/**
 * Pay as agreed (decision 094): the offer's pay terms, the trip, the proposals. Codes beside each refusal are the
 * API's `code`.
 */
import { formatAmount } from './italian-figures';
import { LIMITS } from './limits';

export const PAY_MESSAGES = {
  /** 400 invalid_pay_terms (each field below names its own problem) */
  nightService: 'Scegli il tipo di servizio notturno: a battenti aperti o a battenti chiusi (a chiamata).',
  nightFrom: "Indica l'ora da cui inizia il servizio notturno (HH:MM).",
  nightFromNeedsService: "L'ora di inizio della notte vale solo per un turno con servizio notturno.",
  overnightNeedsNight:
    "L'orario di fine deve essere successivo a quello di inizio; per un turno che finisce il mattino dopo, indica il servizio notturno.",
  fee: `Indica un compenso orario tra ${LIMITS.hourlyPayMin} e ${LIMITS.hourlyPayMax} euro, con al massimo due decimali (es. 30 o 32,50).`,
  feesNeedFreelance:
    'Il compenso notturno e festivo vale solo per la libera professione: aggiungila alle forme di lavoro o togli questi compensi.',
  extraHolidays: `Indica al massimo ${LIMITS.extraHolidaysMax} giorni festivi locali, ciascuno tra i giorni del turno.`,
  travelMode: 'Scegli come paghi il viaggio: una cifra fissa o un rimborso a chilometro.',
  travelAmount: `Indica il rimborso del viaggio in euro, tra 0 e ${formatAmount(LIMITS.travelAmountMax)}.`,
  travelPerKm: `Indica il rimborso per chilometro in euro, più di 0 e al massimo ${formatAmount(LIMITS.travelPerKmMax)} (es. 0,30).`,
  travelCap: `Indica il tetto del rimborso chilometrico in euro, tra 1 e ${formatAmount(LIMITS.travelAmountMax)}.`,
  lodgingNights: `Indica le notti di alloggio offerte, da 1 a ${LIMITS.lodgingNightsMax}.`,
  lodgingNote: `La nota sull'alloggio può avere al massimo ${LIMITS.lodgingNoteMaxLength} caratteri.`,
  negotiationMaxHourly:
    'Il compenso massimo che accetti di trattare deve essere più alto della paga oraria offerta, e al massimo 200 euro.',
  negotiationMaxTravel: `Il rimborso di viaggio massimo che accetti di trattare va indicato in euro, tra 0 e ${formatAmount(LIMITS.travelAmountMax)}.`,
  negotiationNeedsPay: 'Per accettare proposte sul compenso indica prima la paga oraria offerta.',
  /** A proposal: 400 validation_error, fields proposal.<field> inside an application or an invitation's answer */
  proposalHourly: `Indica il compenso orario che proponi, tra ${LIMITS.hourlyPayMin} e ${LIMITS.hourlyPayMax} euro, con al massimo due decimali.`,
  proposalTravel: `Indica il rimborso di viaggio che proponi in euro, tra 0 e ${formatAmount(LIMITS.travelAmountMax)}.`,
  proposalReason: `Spiega la proposta in poche parole: al massimo ${LIMITS.proposalReasonMaxLength} caratteri.`,
  proposalEmpty: 'Proponi un compenso orario diverso o un rimborso di viaggio.',
  decisionReason: `Il motivo può avere al massimo ${LIMITS.proposalReasonMaxLength} caratteri.`,
  declineNeedsReason: 'Scrivi in poche parole perché rifiuti la proposta.',
  decisionInvalid: 'Scegli se accettare la proposta, fare una controproposta o rifiutarla.',
  /** 409 not_negotiable */
  notNegotiable: 'Questa farmacia non tratta il compenso di questa offerta: puoi candidarti alle condizioni indicate.',
  /** 400 proposal_out_of_bounds */
  proposalAboveBound: (max: number) =>
    `La farmacia accetta proposte fino a ${formatAmount(max)} €/ora: proponi un compenso entro questo limite.`,
  proposalTravelAboveBound: (max: number) =>
    `La farmacia accetta proposte di rimborso del viaggio fino a ${formatAmount(max)} €: proponi una cifra entro questo limite.`,
  travelNotNegotiable: 'Questa farmacia non tratta il rimborso del viaggio: proponi solo il compenso orario.',
  counterOutOfBounds: (offered: number, proposed: number) =>
    `La controproposta deve stare tra il compenso offerto (${formatAmount(offered)} €/ora) e quello proposto (${formatAmount(proposed)} €/ora).`,
  counterTravelOutOfBounds: 'Il rimborso di viaggio della controproposta non può superare quello proposto dal farmacista.',
  /** 409 proposal_already_made */
  proposalAlreadyMade: 'Hai già fatto una proposta per questa candidatura: attendi la risposta della farmacia.',
  /** 409 proposal_already_decided */
  proposalAlreadyDecided: 'Su questa proposta è già stata presa una decisione: aggiorna la pagina per vederla.',
  /** 409 counter_already_made */
  counterAlreadyMade: 'Hai già fatto la tua controproposta: la farmacia può controproporre una volta sola.',
  /** 404 proposal_not_found */
  proposalNotFound: 'Proposta non trovata.',
  /** 410 proposal_expired */
  proposalExpired: "La proposta è scaduta: l'offerta non è più aperta.",
  /** 409 proposal_pending */
  proposalPending:
    'C’è una proposta sul compenso in attesa di risposta: accettala, fai una controproposta o rifiutala prima di decidere sulla candidatura.',
  /** 409 application_not_waiting */
  applicationNotWaiting: 'Si può trattare il compenso solo finché la candidatura è in attesa di una decisione.',
  /** The search's `min_total` and `sort=total` */
  searchMinTotal: `Indica il totale minimo del turno in euro, tra 0 e ${formatAmount(LIMITS.searchMinTotalMax)}.`,
  /** Answers */
  proposalSent: 'Proposta inviata alla farmacia.',
  proposalAccepted: 'Proposta accettata: queste condizioni valgono per il contratto, i turni lavorati e la fattura.',
  counterSent: 'Controproposta inviata al farmacista.',
  proposalDeclined: 'Proposta rifiutata: restano le condizioni dell’offerta.',
  counterAccepted: 'Controproposta accettata: queste condizioni valgono per il contratto, i turni lavorati e la fattura.',
  counterDeclined: 'Controproposta rifiutata: restano le condizioni dell’offerta.',
} as const;
