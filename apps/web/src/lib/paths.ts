/** Client routes (docs/product.md#screens), in one place so links and the route table agree. */
export const PATHS = {
  home: '/',
  welcome: '/welcome',
  login: '/login',
  loginEmail: '/login_email',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password/:token',
  /** The link of the e-mail confirmation mail (decision 047). */
  confirmEmail: '/conferma-email/:token',
  logout: '/logout',
  terms: '/terms',
  privacy: '/privacy',
  /** The keep link of a retention warning (decision 068): no login. */
  keep: '/conserva',
  unauthorized: '/unauthorized',
  profile: '/profile',
  searchOffers: '/cerca_offerte',
  myOffers: '/mie_offerte',
  /** 'Pubblica più turni' (decision 090): a template on many days, or a CSV. */
  publishShifts: '/pubblica-turni',
  applications: '/candidature',
  myApplications: '/mie_candidature',
  /** 'I miei farmacisti', an owner's favourite pharmacists (decision 071). */
  favourites: '/miei_farmacisti',
  notifications: '/notifiche',
  /** A pharmacist's calendar of free days, and the verified owners' search of who is free (decision 070). */
  availability: '/disponibilita',
  searchPharmacists: '/cerca_farmacisti',
  /** Worked shifts (decision 075): the pharmacist's, or those of an owner's offers. */
  workedShifts: '/miei_turni',
  /** The freelance pharmacist's invoices, and those the pharmacy received (decision 095). */
  invoices: '/fatture',
  receivedInvoices: '/fatture_ricevute',
  /** The group's view of an organisation's pharmacies (decision 091). */
  group: '/gruppo',
  /** An open offer's public page (no login): the address to share. */
  publicOffer: '/offerte/:id',
  pharmacies: '/farmacie',
  users: '/utenti',
  /** The admin's verification queue (decision 049). */
  verifications: '/verifiche',
  /** The admins' desk of reports (decision 062). */
  reports: '/segnalazioni',
  /** The admins' audit log (decision 061). */
  audit: '/registro-attivita',
  /** Reviews (decision 074): those to write and one's own received; a person's published ones. */
  reviews: '/recensioni',
  userReviews: '/recensioni/utente/:id',
  /** An owner's organisation, its people and each pharmacy's settings (decision 089). */
  organisation: '/organizzazione',
  staff: '/organizzazione/staff',
  pharmacySettings: '/organizzazione/farmacie/:id/impostazioni',
  /** The pharmacist's professional file, and an accepted application's contract or hiring summary (decision 093). */
  professionalFile: '/fascicolo',
  contract: '/contratti/:applicationId',
  /** The link of a staff invitation's mail: with or without a session (decision 089). */
  staffInvitation: '/invito-staff',
} as const;

export const userReviewsPath = (userId: number) => `/recensioni/utente/${userId}`;
/** The review form of one accepted application (the link of a worked shift's card, an accepted application). */
export const writeReviewPath = (applicationId: number) => `/recensioni?candidatura=${applicationId}`;

export const publicOfferPath = (offerId: number) => `/offerte/${offerId}`;

export const contractPagePath = (applicationId: number) => `/contratti/${applicationId}`;

/** Sections of /profile that other screens link to: the owner's document for the admin, the pharmacist's CV. */
export const PROFILE_SECTIONS = { verificationDocument: 'documento-verifica', cv: 'curriculum' } as const;
export const profileSectionPath = (section: keyof typeof PROFILE_SECTIONS) => `${PATHS.profile}#${PROFILE_SECTIONS[section]}`;

/** /cerca_offerte, with or without its final slash. */
export const isSearchOffersPath = (pathname: string) => pathname === PATHS.searchOffers || pathname === `${PATHS.searchOffers}/`;

/** The pages of getting in and out: the welcome screen, login, registration, password recovery, logout. */
export const ENTRY_PATHS: readonly string[] = [
  PATHS.welcome,
  PATHS.login,
  PATHS.loginEmail,
  PATHS.register,
  PATHS.forgotPassword,
  PATHS.logout,
];

/** Pages shown without header and footer (docs/product.md#frame), plus the welcome screen. */
const BARE_PATHS: readonly string[] = [...ENTRY_PATHS, PATHS.terms, PATHS.privacy, PATHS.keep, PATHS.staffInvitation];

export function isBarePath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (
    BARE_PATHS.includes(path) ||
    path.startsWith('/reset-password/') ||
    path === '/reset-password' ||
    path.startsWith('/conferma-email/')
  );
}
