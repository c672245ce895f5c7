/**
 * What other features may use of cv: whether a user has a CV, storing and reading one, who may be a reader and the record
 * of an opening, an upload's body, the signed links.
 */

/** The CV's PDF check, for other PDFs checked like CVs (an owner's verification document, decision 049). */
export { checkCvBytesInWorker as checkPdfInWorker } from './cv-workers';
export { createCvLinks, type TCvLinks } from './links';
export {
  cvReader,
  deleteCvVersion,
  hasCv,
  readCv,
  recordCvOpen,
  recordOwnerCvOpen,
  saveUploadedCv,
  storeCv,
  takeCvUploadQuota,
} from './service';
export { DETAILS_BODY_LIMIT_BYTES, detailsValidatorCompiler, ReceivedCv, readDetailsBodies } from './upload-body';
