/** What the app may use of verifications besides its routes: the signed document links, storing a document (decision 049). */
export { createDocumentLinks, type TDocumentLinks } from './links';
export { storeVerificationDocument } from './service';
