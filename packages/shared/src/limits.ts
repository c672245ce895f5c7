/** Business constants and the server's size limits (docs/rules.md#limits). */
export const LIMITS = {
  passwordMinLength: 8,
  passwordMaxLength: 128,
  /** Two-step login (decision 063): a typed code's length at most (a recovery code with its dashes fits). */
  secondStepCodeMaxLength: 32,
  /** How long a login's challenge waits for its code. */
  secondStepChallengeMinutes: 5,
  /** Recovery codes given when the second step is turned on. */
  recoveryCodeCount: 10,
  /** The admin's note on how a person who lost their phone and recovery codes was identified. */
  secondStepResetReasonMaxLength: 500,
  offerTitleMinLength: 3,
  offerTitleMaxLength: 150,
  offerDescriptionMaxLength: 5000,
  salaryMaxLength: 100,
  phoneMinDigits: 8,
  phoneMaxDigits: 15,
  textMaxLength: 200,
  descriptionMaxLength: 2000,
  minimumAgeYears: 18,
  cvMaxBytes: 5 * 1024 * 1024,
  bodyLimitBytes: 64 * 1024,
  cvBodyLimitBytes: 8 * 1024 * 1024,
  /** A CV whose PDF takes longer than this to parse is refused as not a valid PDF (a hostile file). */
  cvCheckTimeoutSeconds: 20,
  usersPageSize: 20,
  usersMaxPageSize: 100,
  /** Applications received, a page at a time (newest first); a client may ask for up to the maximum. */
  receivedApplicationsPageSize: 100,
  receivedApplicationsMaxPageSize: 200,
  /** Most rows a text search answers (owners, registry pharmacies, comuni without a province): a full list means "refine". */
  searchMaxResults: 50,
  /** The registry lookup an owner uses to find their pharmacy (decision 048): the shortest text and the most rows. */
  pharmacyLookupMinChars: 2,
  pharmacyLookupMaxResults: 20,
  /** Comuni of one province all fit (Torino has 312). */
  provinceComuniMaxResults: 400,
  /** How long a signed CV download link works (decision 008). */
  cvLinkTtlSeconds: 10 * 60,
  /** The Ministry's full registry file (≈ 57,800 rows with history) is about 12 MB. */
  registryImportMaxBytes: 40 * 1024 * 1024,
  /** Faulty rows an import report lists one by one (row number and reason); all of them are counted. */
  importBadRowsListed: 100,
  /** How many pharmacists an offer wants (decision 023). */
  offerPositionsMin: 1,
  offerPositionsMax: 20,
  /** The owner's message with a decision, shown to the pharmacist. */
  decisionMessageMaxLength: 1000,
  /** Notifications, a page at a time (like /api/users/all/). */
  notificationsPageSize: 20,
  notificationsMaxPageSize: 100,
  /** Who opened a pharmacist's CV (decision 067), a page at a time. */
  cvViewsPageSize: 10,
  cvViewsMaxPageSize: 100,
  /** Most ids one POST /api/notifications/read/ may name. */
  notificationsReadMaxIds: 500,
  /** The mail outbox: how many mails one sender claims at a time, how long a claim holds, how often it looks. */
  outboxBatchSize: 50,
  outboxLeaseSeconds: 30,
  outboxPollMs: 2000,
  /** Retries back off exponentially from the first delay up to the cap; after maxAttempts a mail is given up (and logged). */
  outboxRetryFirstDelayMs: 5_000,
  outboxRetryMaxDelayMs: 60 * 60 * 1000,
  outboxMaxAttempts: 30,
  regionSuggestions: 3,
  preferredRegionSuggestions: 5,
  provinceSuggestions: 3,
  comuneSuggestions: 5,
  comuneMinChars: 2,
  /** Write quotas (decision 020): what one account may do, so one account cannot spoil the lists everyone reads. */
  offersPerOwnerPerHour: 30,
  /** Open offers one owner may have at once: bounds each owner's share of the open-offer list (decision 020). */
  openOffersPerOwner: 100,
  /**
   * Many shifts at once (decision 090): the days one request publishes, the rows and bytes of a CSV, the open offers of
   * all of an organisation's pharmacies together, and the bulk requests (checks too) one pharmacy may make an hour.
   */
  bulkOfferDaysMax: 366,
  bulkCsvRowsMax: 1000,
  bulkCsvMaxBytes: 1024 * 1024,
  openOffersPerOrganisation: 1000,
  bulkRequestsPerPharmacyPerHour: 30,
  cvUploadsPerHour: 20,
  /** Reports one account may file per day (decision 062): enough for real abuse, too few to flood the admins' desk. */
  reportsPerDay: 10,
  reportsWindowMs: 24 * 60 * 60 * 1000,
  reportDetailsMaxLength: 1000,
  suspensionReasonMaxLength: 1000,
  reportsPageSize: 20,
  reportsMaxPageSize: 100,
  quotaWindowMs: 60 * 60 * 1000,
  loginRecheckMs: 1000,
  resetRedirectMs: 2000,
  /** Find the right shift (decision 026): hourly pay in euros, the search's radius and pages, saved searches and their alerts. */
  hourlyPayMin: 5,
  hourlyPayMax: 200,
  /** Pay as agreed (decision 094): travel, lodging, the days a pharmacy marks as local holidays, a proposal's reason. */
  travelAmountMax: 2000,
  travelPerKmMax: 2,
  lodgingNightsMax: 90,
  lodgingNoteMaxLength: 300,
  extraHolidaysMax: 10,
  proposalReasonMaxLength: 300,
  searchMinTotalMax: 100_000,
  /** The longest place name the offer search takes (region, province, comune, `near`). */
  searchPlaceMaxLength: 100,
  searchRadiusMinKm: 1,
  searchRadiusMaxKm: 300,
  offerSearchPageSize: 20,
  offerSearchMaxPageSize: 100,
  /** Most offers one search may name by id (`ids`, the offers behind one marker of the map). */
  offerSearchMaxIds: 20,
  /** Most offer ids a place of the map lists (its count stays true). */
  mapPlaceMaxIds: 20,
  /**
   * How long the web app may use an answer its page's HTML asked for before the app's code arrived (decision 051): a
   * first screen's data, not something a page left open for minutes reads later.
   */
  earlyRequestMaxAgeMs: 15_000,
  savedSearchesPerUser: 10,
  savedSearchNameMaxLength: 80,
  /** Most offers one alert lists (its mail and notification); the rest are on the search page it links to. */
  alertMaxOffers: 20,
  /** How often the alert sender looks for new offers (immediate alerts), and the Italian hour of the daily ones. */
  alertPollMs: 60_000,
  alertDailyHourItaly: 8,
  /** E-mail confirmation (decision 047): how long a link works, and how many new links an account may ask for an hour. */
  emailConfirmationTtlHours: 48,
  emailConfirmationResendsPerHour: 3,
  /** The albo check (decision 050): a verified pharmacist's entry is looked at again this many days after the decision,
   *  by the albo-recheck job at this Italian time each night. */
  alboRecheckAfterDays: 365,
  alboRecheckDailyAt: '03:00',
  /** The longest albo number (the Ordini write digits, sometimes with letters and slashes). */
  alboNumberMaxLength: 50,
  /** Verification by an admin (decision 049): the longest reason of a rejection. */
  verificationReasonMaxLength: 500,
  /** How long a signed link to an owner's document works, like a CV's. */
  verificationDocumentLinkTtlSeconds: 10 * 60,
  verificationDocumentUploadsPerHour: 20,
  /** 'Scarica i miei dati' (decision 066): exports one account may ask for in a day (each reads all its rows and the CV). */
  dataExportsPerDay: 3,
  dataExportWindowMs: 24 * 60 * 60 * 1000,
  /** Find each other (decision 069). A pharmacist's calendar: how far ahead, how far they travel, how many days it holds. */
  availabilityDaysAhead: 180,
  availabilityRadiusMinKm: 1,
  availabilityRadiusMaxKm: 300,
  availabilityMaxEntries: 720,
  /**
   * A pharmacist's external calendar (decision 096): the address's longest length, the days ahead its busy times are
   * read for, the hours between refreshes, and the fetches (a save or 'Aggiorna ora') one account may ask for an hour.
   */
  externalCalendarUrlMaxLength: 2000,
  externalCalendarDaysAhead: 90,
  externalCalendarRefreshHours: 4,
  externalCalendarFetchesPerHour: 10,
  externalCalendarFetchWindowMs: 60 * 60 * 1000,
  /** What one fetch may take: seconds, and megabytes of calendar. */
  externalCalendarTimeoutSeconds: 10,
  externalCalendarMaxMegabytes: 2,
  /** The owners' search of available pharmacists, a page at a time, and the longest range of days it looks at. */
  availablePharmacistsPageSize: 20,
  availablePharmacistsMaxRangeDays: 180,
  /** Invitations: open ones (sent, not expired) an offer may have, how many an owner may send a day, when one expires. */
  invitationsOpenPerOffer: 20,
  invitationsPerOwnerPerDay: 50,
  invitationsWindowMs: 24 * 60 * 60 * 1000,
  invitationTtlHours: 72,
  /** Organisations (decision 089): pharmacies one may hold, the note a pharmacy leaves the pharmacist, staff invitations. */
  organisationMaxPharmacies: 400,
  pharmacyNoteMaxLength: 1000,
  staffInvitationTtlDays: 7,
  staffInvitationsPerDay: 50,
  /** The longest period a group report covers, in days (decision 091). */
  groupReportMaxDays: 366,
  invitationMessageMaxLength: 1000,
  invitationDeclineReasonMaxLength: 500,
  /** The most invitations one list answers (a pharmacist's, newest first; an offer's). */
  invitationsListMax: 200,
  /** 'Invita i farmacisti disponibili': the platform keeps up to this many invitations per free place. */
  autoInvitesPerPosition: 3,
  /** 'I miei farmacisti' first: the hours the owner may make the others wait. */
  autoInviteDelayHoursMin: 1,
  autoInviteDelayHoursMax: 72,
  /** How often the auto-invitation job looks at the offers that asked for it. */
  autoInvitePollSeconds: 60,
  /** One thread per application: a message's length, how long after the offer's last day it can still be written, and
   *  how often at most a thread mails its recipient. */
  messageMaxLength: 2000,
  messageThreadOpenDaysAfterOffer: 30,
  messageMailEveryMinutes: 15,
  messagesPageSize: 50,
  messagesMaxPageSize: 200,
  /** Messages one account may write in an hour, all threads together (decision 072): a conversation never meets it. */
  messagesPerHour: 120,
  /** Server-Sent Events (GET /api/events/): a comment line this often keeps proxies from closing the stream. */
  eventsHeartbeatSeconds: 25,
  /** After the shift (decision 073): reviews within this many days of the offer's last day, their lengths. */
  reviewWindowDays: 14,
  reviewCommentMaxLength: 1000,
  reviewReplyMaxLength: 1000,
  reviewsPageSize: 20,
  reviewsMaxPageSize: 100,
  /** A cancellation of an accepted shift this close to its first day is late (days), very late (hours). */
  lateCancellationDays: 7,
  veryLateCancellationHours: 48,
  cancellationReasonMaxLength: 500,
  /** The reliability record counts the last this many months. */
  reliabilityWindowMonths: 12,
  /** A pharmacist may correct the hours worked this many days after the offer's last day. */
  workedHoursCorrectionDays: 14,
  workedHoursNoteMaxLength: 500,
  /** Days one correction may name at once (the web app saves one day at a time). */
  workedHoursDaysPerCorrection: 31,
  /** The calendar feed holds the shifts (and their cancellations) from this many days back on. */
  calendarFeedPastDays: 90,
  /** The reminder before a shift: this many hours before its first day. */
  shiftReminderHoursBefore: 24,
  /** Streams one account may hold open in one server process (tabs, devices): a new one past it ends the oldest. */
  eventsStreamsPerUser: 8,
} as const;

export const MAP_DEFAULT = { lat: 41.9, lng: 12.5, zoom: 6 } as const;

/** Toast durations, in milliseconds (docs/product.md#frame). */
export const TOAST_MS = {
  default: 5000,
  login: 2000,
  registration: 1200,
  offerValidation: 3000,
  offerSave: 1200,
  description: 2000,
  reset: 2000,
  deletion: 2000,
  profile: 1200,
} as const;
