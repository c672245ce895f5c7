/** What the app may use of verifications besides its routes: the signed document links (decision 049). */
export { createDocumentLinks, type TDocumentLinks } from './links';
