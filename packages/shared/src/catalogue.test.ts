/**
 * The Italian catalogue speaks with one voice: the straight apostrophe everywhere (the original messages use it,
 * "Inserisci un'email valida."), and a real accent where Italian has one ("Si è", never "Si e'").
 */
import { describe, expect, it } from 'vitest';
import { FAIR_PAY_TEXT } from './fair-pay';
import { INVITATION_MAIL_TEXT, INVITATION_MESSAGES, INVITATION_TEXT } from './invitation-text';
import { MESSAGES, REGISTRY_MESSAGES } from './messages';
import { AVAILABILITY_MESSAGES } from './messages-availability';
import { PAY_TEXT } from './pay-text';
import { SHIFT_DOCUMENT_TEXT, SHIFT_MESSAGES } from './shift-messages';
import { UI_TEXT } from './ui-text';
import { ACCOUNT_TEXT } from './ui-text-account';
import { ADMIN_TEXT } from './ui-text-admin';
import { AVAILABILITY_TEXT } from './ui-text-availability';
import { CALENDAR_FEED_TEXT } from './ui-text-calendar-feed';
import { MAP_TEXT } from './ui-text-map';
import { THREAD_MESSAGES, THREAD_TEXT } from './ui-text-messages';
import { ORGANISATION_TEXT } from './ui-text-organisation';
import { OWNER_TEXT } from './ui-text-owner';
import { PRIVACY_TEXT } from './ui-text-privacy';
import { PWA_TEXT } from './ui-text-pwa';
import { SEARCH_TEXT } from './ui-text-search';
import { SHIFTS_LINK_TEXT } from './ui-text-shift-links';
import { SHIFTS_TEXT } from './ui-text-shifts';

/** Every text of a catalogue with where it sits; a text built by a function is checked in the function's source. */
function texts(node: unknown, path: string): [string, string][] {
  if (typeof node === 'string') return [[path, node]];
  if (typeof node === 'function') return [[`${path}()`, String(node)]];
  if (node && typeof node === 'object')
    return Object.entries(node).flatMap(([key, value]) => texts(value, path ? `${path}.${key}` : key));
  return [];
}

const CATALOGUE = [
  ...texts(MESSAGES, 'MESSAGES'),
  ...texts(REGISTRY_MESSAGES, 'REGISTRY_MESSAGES'),
  ...texts(UI_TEXT, 'UI_TEXT'),
  ...texts(SEARCH_TEXT, 'SEARCH_TEXT'),
  ...texts(OWNER_TEXT, 'OWNER_TEXT'),
  ...texts(ORGANISATION_TEXT, 'ORGANISATION_TEXT'),
  ...texts(ACCOUNT_TEXT, 'ACCOUNT_TEXT'),
  ...texts(ADMIN_TEXT, 'ADMIN_TEXT'),
  ...texts(PRIVACY_TEXT, 'PRIVACY_TEXT'),
  ...texts(AVAILABILITY_TEXT, 'AVAILABILITY_TEXT'),
  ...texts(AVAILABILITY_MESSAGES, 'AVAILABILITY_MESSAGES'),
  ...texts(THREAD_MESSAGES, 'THREAD_MESSAGES'),
  ...texts(THREAD_TEXT, 'THREAD_TEXT'),
  ...texts(INVITATION_MESSAGES, 'INVITATION_MESSAGES'),
  ...texts(INVITATION_MAIL_TEXT, 'INVITATION_MAIL_TEXT'),
  ...texts(INVITATION_TEXT, 'INVITATION_TEXT'),
  ...texts(FAIR_PAY_TEXT, 'FAIR_PAY_TEXT'),
  ...texts(SHIFTS_TEXT, 'SHIFTS_TEXT'),
  ...texts(SHIFTS_LINK_TEXT, 'SHIFTS_LINK_TEXT'),
  ...texts(CALENDAR_FEED_TEXT, 'CALENDAR_FEED_TEXT'),
  ...texts(MAP_TEXT, 'MAP_TEXT'),
  ...texts(SHIFT_MESSAGES, 'SHIFT_MESSAGES'),
  ...texts(SHIFT_DOCUMENT_TEXT, 'SHIFT_DOCUMENT_TEXT'),
  ...texts(PAY_TEXT, 'PAY_TEXT'),
  ...texts(PWA_TEXT, 'PWA_TEXT'),
];

describe('the Italian catalogue', () => {
  it('is not empty (the walk reaches nested texts and functions)', () => {
    expect(CATALOGUE.length).toBeGreaterThan(300);
    expect(CATALOGUE.map(([where]) => where)).toContain('UI_TEXT.roleNames.titolare');
    expect(CATALOGUE.map(([where]) => where)).toContain('OWNER_TEXT.offerDeleteQuestion()');
  });

  it("uses only the straight apostrophe ('), never the typographic one (’ or ‘)", () => {
    expect(CATALOGUE.filter(([, text]) => /[’‘]/.test(text))).toEqual([]);
  });

  it("writes 'è' with its accent, not as e'", () => {
    expect(CATALOGUE.filter(([, text]) => /(^|[\s"'`])[Ee]'(\s|$)/.test(text))).toEqual([]);
  });

  it("calls a missing value 'N/D', and nothing else", () => {
    expect(CATALOGUE.filter(([, text]) => /\bN\/A\b|Non indicat|Non impostat/.test(text))).toEqual([]);
  });
});
