/**
 * The web app's index.html for /offerte/{id}, with what a link preview reads (WhatsApp, Telegram, social sites):
 * Open Graph tags and schema.org JobPosting JSON-LD for an open offer, "closed" for one that is not (decision 026).
 */
import { describeOffer, OFFER_PAGE_TEXT, type TPublicOffer } from '@farmaponte/shared';
import { escapeHtml } from '../../lib/html';

/** JSON inside a <script> element: nothing in it can close the element or start a comment. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const meta = (attribute: 'property' | 'name', key: string, content: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;

function jobPosting(offer: TPublicOffer) {
  return {
    '@context': 'https://schema.org/',
    '@type': 'JobPosting',
    title: offer.title,
    description: offer.description,
    datePosted: offer.date_from ?? undefined,
    validThrough: offer.date_to ?? undefined,
    employmentType: 'TEMPORARY',
    url: offer.url,
    hiringOrganization: { '@type': 'Organization', name: offer.denominazione_farmacia },
    jobLocation: {
      '@type': 'Place',
      address: {
        '@type': 'PostalAddress',
        addressLocality: offer.comune_farmacia,
        addressRegion: offer.provincia || undefined,
        addressCountry: 'IT',
      },
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

/** The page of an open offer. */
export function openOfferPage(indexHtml: string, offer: TPublicOffer): string {
  const title = `${offer.title} – ${offer.denominazione_farmacia}`;
  const description = describeOffer(offer);
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
