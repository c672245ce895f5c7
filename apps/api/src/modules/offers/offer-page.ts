/**
 * The web app's index.html for /offerte/{id}, with what a link preview reads (WhatsApp, Telegram, social sites):
 * Open Graph tags and schema.org JobPosting JSON-LD for an open offer (decision 055), "closed" for one that is not
 * (decision 026).
 */
import {
  describeLegalTerms,
  describeOffer,
  endOfItalianDay,
  LEGAL_FORM_EMPLOYMENT_TYPE,
  LEGAL_TERMS_LABEL,
  OFFER_PAGE_TEXT,
  todayInItaly,
} from '@farmaponte/shared';
import { escapeHtml } from '../../lib/html';
import type { TOfferPosting } from './service';

/** JSON inside a <script> element: nothing in it can close the element or start a comment. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const meta = (attribute: 'property' | 'name', key: string, content: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;

/** Daily hours from which an open-ended position counts as full time (the pharmacies' contract: 40 hours over 6 days). */
const FULL_TIME_DAILY_HOURS = 6;

/** Hours between two HH:MM times, across midnight when the end comes first (a night shift). */
function dailyHours(start: string, end: string): number {
  const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
  return ((((minutes(end) - minutes(start)) % 1440) + 1440) % 1440) / 60;
}

/**
 * Google's employment type of an employee engagement: a shift or a job with an end date is TEMPORARY; an open-ended
 * position is FULL_TIME or PART_TIME by its daily hours, and says nothing when it has none.
 */
function employeeType(offer: TOfferPosting): string | undefined {
  if (offer.date_to) return LEGAL_FORM_EMPLOYMENT_TYPE.dipendente;
  if (!offer.start_time || !offer.end_time) return undefined;
  return dailyHours(offer.start_time, offer.end_time) >= FULL_TIME_DAILY_HOURS ? 'FULL_TIME' : 'PART_TIME';
}

/** One type per legal form offered (decision 093): CONTRACTOR for libera professione; an array when both are. */
function employmentType(offer: TOfferPosting): string | string[] | undefined {
  const types = offer.legal_forms
    .map((form) => (form === 'dipendente' ? employeeType(offer) : LEGAL_FORM_EMPLOYMENT_TYPE[form]))
    .filter((type): type is string => type !== undefined);
  return types.length > 1 ? types : types[0];
}

/** The owner's plain text as the HTML Google asks a description to be: escaped, a paragraph per blank line. */
function descriptionHtml(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/**
 * schema.org JobPosting as Google's job search reads it (decision 055): posted the day it was published, taking
 * applications until the end of its last day in Italy, starting on its first day, at the pharmacy's address, paid
 * by the hour, applied for on the page itself. An empty value is left out rather than sent blank.
 */
function jobPosting(offer: TOfferPosting & { url: string }) {
  const address = {
    '@type': 'PostalAddress',
    streetAddress: offer.street_address || undefined,
    postalCode: offer.postal_code ?? undefined,
    addressLocality: offer.comune_farmacia,
    addressRegion: offer.provincia || undefined,
    addressCountry: 'IT',
  };
  return {
    '@context': 'https://schema.org/',
    '@type': 'JobPosting',
    title: offer.title,
    // The owner's text, then under which legal forms the shift is worked (decision 093).
    description: `${descriptionHtml(offer.description)}<p>${escapeHtml(legalTermsText(offer))}</p>`,
    identifier: { '@type': 'PropertyValue', name: OFFER_PAGE_TEXT.siteName, value: String(offer.id) },
    datePosted: todayInItaly(offer.posted_at),
    validThrough: offer.date_to ? endOfItalianDay(offer.date_to) : undefined,
    jobStartDate: offer.date_from ?? undefined,
    employmentType: employmentType(offer),
    totalJobOpenings: offer.positions,
    directApply: true,
    url: offer.url,
    hiringOrganization: {
      '@type': 'Organization',
      name: offer.denominazione_farmacia,
      // The pharmacy's rating from its published reviews, only when there are some (decision 074).
      ...(offer.pharmacy_rating.count > 0 && offer.pharmacy_rating.average != null
        ? {
            aggregateRating: {
              '@type': 'AggregateRating',
              ratingValue: offer.pharmacy_rating.average,
              reviewCount: offer.pharmacy_rating.count,
              bestRating: 5,
              worstRating: 1,
            },
          }
        : {}),
    },
    jobLocation: {
      '@type': 'Place',
      name: offer.denominazione_farmacia,
      address,
      ...(offer.lat != null && offer.lng != null
        ? { geo: { '@type': 'GeoCoordinates', latitude: offer.lat, longitude: offer.lng } }
        : {}),
    },
    ...(offer.hourly_pay != null
      ? {
          baseSalary: {
            '@type': 'MonetaryAmount',
            currency: 'EUR',
            value: { '@type': 'QuantitativeValue', value: offer.hourly_pay, unitText: 'HOUR' },
          },
        }
      : {}),
  };
}

/** Replaces the page's <title> and description, and adds the tags before </head>. */
function withHead(indexHtml: string, title: string, description: string, tags: string[], body = ''): string {
  const head = [...tags].join('\n    ');
  return indexHtml
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
    .replace(/<meta name="description"[^>]*>/, meta('name', 'description', description))
    .replace('</head>', `    ${head}\n  </head>`)
    .replace('<div id="root"></div>', `<div id="root">${body}</div>`);
}

/** "Forma di lavoro: …", as the page and its JobPosting say it. */
const legalTermsText = (offer: TOfferPosting) =>
  `${LEGAL_TERMS_LABEL}: ${describeLegalTerms(offer.legal_forms, offer.ccnl_level)}.`;

/** The page of an open offer. */
export function openOfferPage(indexHtml: string, offer: TOfferPosting & { url: string }): string {
  const title = `${offer.title} – ${offer.denominazione_farmacia}`;
  const description = `${describeOffer(offer)} · ${legalTermsText(offer)}`;
  return withHead(indexHtml, `${title} | ${OFFER_PAGE_TEXT.siteName}`, description, [
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', OFFER_PAGE_TEXT.siteName),
    meta('property', 'og:locale', 'it_IT'),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', offer.url),
    meta('name', 'twitter:card', 'summary'),
    `<link rel="canonical" href="${escapeHtml(offer.url)}" />`,
    `<script type="application/ld+json">${jsonForScript(jobPosting(offer))}</script>`,
  ]);
}

/** The page of an offer that is closed, filled or expired (answered 410), or missing (404). */
export function closedOfferPage(indexHtml: string, url: string): string {
  return withHead(
    indexHtml,
    `${OFFER_PAGE_TEXT.closedTitle} | ${OFFER_PAGE_TEXT.siteName}`,
    OFFER_PAGE_TEXT.closedDescription,
    [
      meta('name', 'robots', 'noindex'),
      meta('property', 'og:site_name', OFFER_PAGE_TEXT.siteName),
      meta('property', 'og:title', OFFER_PAGE_TEXT.closedTitle),
      meta('property', 'og:description', OFFER_PAGE_TEXT.closedDescription),
      meta('property', 'og:url', url),
    ],
    // Shown until the app starts (and to whatever reads the HTML without running it).
    `<p>${escapeHtml(OFFER_PAGE_TEXT.closedDescription)}</p>`,
  );
}
