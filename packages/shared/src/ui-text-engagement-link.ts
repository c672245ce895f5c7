/**
 * The pharmacist's menu and dashboard link to her professional file (decision 093): the one engagement text the header,
 * and so every first load, carries; the rest is in ui-text-engagement.ts, loaded with the pages that show it.
 */
export const ENGAGEMENT_LINK_TEXT = { professionalFile: 'Fascicolo professionale' } as const;
