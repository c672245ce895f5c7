/**
 * The frame's role places and their counts (decision 096): the header's main places on a desktop, the bottom bar on a
 * phone, 'Altro' and what waits. A module of its own: only the frame's code loaded after login downloads it. The
 * places' names are the dashboard's buttons (UI_TEXT and the link modules), so a place reads the same everywhere.
 */

/** '3 inviti in attesa di risposta', '1 messaggio da leggere': what a count says to a screen reader. */
const counted = (count: number, one: string, many: string) => (count === 1 ? `1 ${one}` : `${count} ${many}`);

export const FRAME_TEXT = {
  /** The phone's bottom bar, a navigation landmark of its own. */
  bottomNavigation: 'Sezioni principali',
  /** The desktop header's button opening the other pages (invoices, reviews, notifications, the professional file). */
  more: 'Altro',
  /** What waits on a place, read after its name: 'Le mie candidature, 1 invito in attesa di risposta'. */
  waitingInvitations: (count: number) => counted(count, 'invito in attesa di risposta', 'inviti in attesa di risposta'),
  waitingApplications: (count: number) => counted(count, 'candidatura da valutare', 'candidature da valutare'),
  unreadMessages: (count: number) => counted(count, 'messaggio da leggere', 'messaggi da leggere'),
  /** The badge's text: more than nine does not fit, the link's name still says the true numbers. */
  badge: (count: number) => (count > 9 ? '9+' : String(count)),
} as const;
