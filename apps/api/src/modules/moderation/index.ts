/**
 * What the app may use of moderation besides its routes (registered by app.ts): the desk's list, filing a report (the
 * demo), a report of a person another feature found visible (a review's author, decision 074), and the resolution of
 * the reports naming a review an admin hides.
 */
export { createReport, listReports, reportUser, resolveReviewReports, takeReportQuota } from './reports';
