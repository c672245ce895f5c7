/** What other features may use of cv: whether a user has a CV, storing one, and the signed links. */
export { createCvLinks, type TCvLinks } from './links';
export { hasCv, saveUploadedCv, storeCv, takeCvUploadQuota } from './service';
