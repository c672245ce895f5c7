/**
 * Features whose screens are not built yet. The dashboard shows a button or link only when its feature is
 * available, so nobody meets a dead end; the task that builds a feature flips its flag (and adds its route).
 */
export const AVAILABLE = {
  /** 'Aggiorna CV' on the pharmacist's dashboard (CV upload dialog). */
  cvUpload: false,
  /** 'Cerca Offerte' → /cerca_offerte. */
  offerSearch: false,
  /** 'Crea Offerta' on the owner's dashboard (offer dialog). */
  offerCreate: false,
  /** 'Le Mie Offerte' → /mie_offerte. */
  myOffers: false,
  /** 'Candidature Ricevute' → /candidature. */
  applications: false,
  /** 'Tutte le farmacie' → /farmacie. */
  adminPharmacies: false,
  /** 'Utenti' → /utenti. */
  adminUsers: false,
} as const;
