/**
 * The texts of an organisation's screens (decision 089): the header's 'Farmacia', /organizzazione with its pharmacies,
 * the staff and their roles, a pharmacy's settings, and the page of a staff invitation's link. Apart from UI_TEXT, so
 * /login and the first screen's script do not carry them.
 */
import { LIMITS } from './limits';

type TMemberRoleName = 'titolare' | 'responsabile' | 'consultazione';

export const ORGANISATION_TEXT = {
  // The header (docs/product.md#frame)
  switcherLabel: 'Farmacia',
  wholeGroup: 'Tutte le farmacie',
  organisationLink: 'Organizzazione',
  pharmacyOption: (name: string, comune: string) => (comune ? `${name} (${comune})` : name),
  // A page that works for one pharmacy at a time, with the whole group chosen
  oneAtATimeTitle: 'Scegli una farmacia',
  oneAtATimeText: 'Questa pagina mostra una farmacia alla volta: scegli per quale vuoi agire.',
  actFor: (name: string) => `Agisci per ${name}`,

  // Roles
  roleNames: { titolare: 'Titolare', responsabile: 'Responsabile', consultazione: 'Consultazione' } satisfies Record<
    TMemberRoleName,
    string
  >,
  roleDescriptions: {
    titolare: 'Tutto, anche le persone dello staff e i dati per le fatture.',
    responsabile:
      'Per le sue farmacie pubblica offerte, decide sulle candidature, invita farmacisti, scrive, recensisce e conferma le ore.',
    consultazione: 'Vede le sue farmacie senza cambiare nulla.',
  } satisfies Record<TMemberRoleName, string>,
  yourRoleLabel: 'Il tuo ruolo:',
  /** Who did a step of an application or wrote a message for the pharmacy: "Farmacia X (Laura Neri)". */
  actedBy: (pharmacy: string, person: string) => (pharmacy ? `${pharmacy} (${person})` : person),

  // /organizzazione
  organisationTitle: 'La tua organizzazione',
  organisationIntro: 'I dati della società per le fatture e le farmacie per cui agisci.',
  invoicingTitle: 'Dati per la fatturazione',
  invoicingReadOnly: 'Solo un titolare può cambiare questi dati.',
  companyNameLabel: 'Ragione sociale',
  companyVatLabel: 'Partita IVA',
  codiceFiscaleLabel: 'Codice fiscale',
  codiceFiscaleHint: '11 cifre per una società, 16 caratteri per una persona.',
  sedeLegaleLabel: 'Sede legale',
  sedeLegalePlaceholder: 'es. Via Roma 1, 20121 Milano',
  pecLabel: 'PEC',
  codiceSdiLabel: 'Codice destinatario SDI',
  codiceSdiHint: '7 caratteri, lettere e cifre.',
  saveInvoicing: 'Salva dati',
  saving: 'Salvataggio in corso...',
  pharmaciesTitle: 'Farmacie',
  pharmaciesEmpty: 'Nessuna farmacia da mostrare.',
  verificationNames: {
    verified: 'Verificata',
    pending: 'In attesa di verifica',
    rejected: 'Rifiutata',
    none: 'Senza verifica',
  } satisfies Record<'verified' | 'pending' | 'rejected' | 'none', string>,
  verificationLabel: 'Verifica',
  pendingHint:
    "Carica la visura camerale o l'autorizzazione all'esercizio (PDF): lo staff di Farmaponte la controlla prima di pubblicare le offerte di questa farmacia.",
  rejectedHint: 'La verifica non è stata superata: carica un documento corretto o scrivi allo staff di Farmaponte.',
  pharmacyVat: (vat: string) => `P. IVA ${vat}`,
  pharmacyCode: (code: string) => `Codice farmacia ${code}`,
  readOnlyBadge: 'Sola consultazione',
  settingsLink: 'Impostazioni',
  settingsLinkLabel: (name: string) => `Impostazioni di ${name}`,
  documentTitle: (name: string) => `Documento per la verifica di ${name}`,
  staffLink: 'Persone e ruoli',
  addPharmacyOpen: 'Aggiungi una farmacia',
  addPharmacyTitle: 'Aggiungi una farmacia',
  addPharmacyIntro:
    'Cercala nel registro del Ministero o inseriscila a mano, con la sua partita IVA. Resterà in attesa finché lo staff di Farmaponte non la verifica.',
  addPharmacyVatLabel: 'Partita IVA della farmacia',
  addPharmacyVatHint: '11 cifre: il registro non la riporta, devi conoscerla.',
  addPharmacyButton: 'Aggiungi farmacia',

  // /organizzazione/staff
  staffTitle: 'Persone e ruoli',
  staffIntro: 'Chi agisce per le farmacie della tua organizzazione, con quale ruolo, e gli inviti in attesa.',
  staffTitolareOnly: "Solo un titolare dell'organizzazione vede e cambia le persone dello staff.",
  membersTitle: 'Staff',
  columnPerson: 'Persona',
  columnEmail: 'E-mail',
  columnRole: 'Ruolo',
  columnPharmacies: 'Farmacie',
  columnActions: 'Azioni',
  everyPharmacy: 'Tutte',
  you: 'Tu',
  editMember: 'Modifica',
  editMemberLabel: (name: string) => `Modifica ruolo e farmacie di ${name}`,
  editMemberTitle: (name: string) => `Ruolo di ${name}`,
  saveMember: 'Salva',
  removeMember: 'Rimuovi',
  removeMemberLabel: (name: string) => `Rimuovi ${name}`,
  removeMemberTitle: (name: string) => `Rimuovere ${name} dallo staff?`,
  removeMemberText:
    "Non potrà più agire per le farmacie dell'organizzazione e le sue sessioni verranno chiuse subito. Il suo account resta: potrai invitarla di nuovo.",
  removeMemberBusy: 'Rimozione in corso...',
  keepMember: 'Annulla',
  invitationsTitle: 'Inviti in attesa',
  invitationsEmpty: 'Nessun invito in attesa.',
  invitationExpires: (date: string) => `Scade il ${date}`,
  revokeInvitation: 'Annulla invito',
  revokeInvitationLabel: (email: string) => `Annulla l'invito a ${email}`,
  inviteTitle: 'Invita una persona',
  inviteIntro: `Riceverà per e-mail un link per entrare nello staff, valido ${LIMITS.staffInvitationTtlDays} giorni.`,
  inviteEmailLabel: 'E-mail',
  roleLegend: 'Ruolo',
  pharmaciesLegend: 'Farmacie',
  pharmaciesHint: 'Le farmacie per cui agirà.',
  inviteButton: 'Invia invito',
  inviteBusy: 'Invio in corso...',

  // /organizzazione/farmacie/:id/impostazioni
  settingsTitle: (name: string) => `Impostazioni di ${name}`,
  settingsIntro: "I valori proposti quando pubblichi un'offerta per questa farmacia, e chi riceve le sue e-mail.",
  backToOrganisation: "Torna all'organizzazione",
  defaultsLegend: 'Quando pubblichi',
  defaultsHint: "Li trovi già compilati quando crei un'offerta; puoi sempre cambiarli.",
  startTimeLabel: 'Dalle ore',
  endTimeLabel: 'Alle ore',
  hourlyPayLabel: 'Paga oraria (€/ora)',
  positionsLabel: 'Posti',
  noteLabel: 'Nota per il farmacista',
  notePlaceholder: 'es. Parcheggio nel cortile; gestionale Wingesfar; camice bianco; dalla stazione bus 12',
  noteHint: 'Parcheggio, gestionale, abbigliamento, come arrivare: la aggiungiamo alla descrizione di una nuova offerta.',
  notifyLegend: 'Chi riceve le e-mail',
  notifyDefault: 'Titolari e responsabili',
  notifyDefaultHint: 'Ogni titolare, e i responsabili di questa farmacia.',
  notifyChosen: 'Solo le persone scelte',
  notifyPeopleLegend: 'Persone da avvisare',
  notifyNobody: 'Nessuna persona scelta: nessuno riceverà le e-mail di questa farmacia.',
  notifyTitolareChooses: 'Solo un titolare sceglie le persone.',
  notifyNowDefault: 'Ora le ricevono i titolari e i responsabili.',
  notifyNowChosen: (count: number) =>
    count === 0
      ? 'Ora non le riceve nessuno.'
      : count === 1
        ? 'Ora le riceve una persona scelta da un titolare.'
        : `Ora le ricevono ${count} persone scelte da un titolare.`,
  settingsReadOnly: 'Il tuo ruolo è di sola consultazione: vedi le impostazioni ma non puoi cambiarle.',
  saveSettings: 'Salva impostazioni',

  // /invito-staff?token=…
  invitationTitle: 'Invito nello staff',
  invitationFrom: (organisation: string) => `${organisation} ti invita nel suo staff.`,
  invitationFor: 'Invito per',
  invitationRole: 'Ruolo',
  invitationPharmacies: 'Farmacie',
  invitationNewAccount: "Crea il tuo account: l'indirizzo è già confermato dal link.",
  invitationCreate: 'Crea account e accetta',
  invitationHasAccount: 'Hai già un account con questo indirizzo: accedi e torna a questa pagina per accettare.',
  invitationLogin: (email: string) => `Accedi con ${email} per accettare`,
  invitationAccept: "Accetta l'invito",
  invitationLogout: 'Esci e accedi con un altro account',
  invitationInvalidTitle: 'Invito non valido',
  invitationMissing: 'Il link non contiene un invito: aprilo di nuovo dalla e-mail.',
  goHome: 'Vai alla home',
} as const;
