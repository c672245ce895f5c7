/**
 * Features whose screens are not built yet. The dashboard shows a button or link only when its feature is
 * available, so nobody meets a dead end; the task that builds a feature flips its flag (and adds its route).
 */
export const AVAILABLE = {
  /** 'Aggiorna CV' on the pharmacist's dashboard (CV upload dialog). */
  cvUpload: true,
  /** 'Cerca Offerte' → /cerca_offerte. */
  offerSearch: true,
  /** 'Crea Offerta' on the owner's dashboard (offer dialog). */
  offerCreate: true,
  /** 'Le Mie Offerte' → /mie_offerte. */
  myOffers: true,
  /** 'Candidature Ricevute' → /candidature. */
  applications: true,
  /** 'Le mie candidature' → /mie_candidature (the pharmacist's sent applications). */
  myApplications: true,
  /** 'Tutte le farmacie' → /farmacie. */
  adminPharmacies: true,
  /** 'Utenti' → /utenti. */
  adminUsers: true,
} as const;
