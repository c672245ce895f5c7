/**
 * What the app may use of moderation besides its routes (registered by app.ts): the desk's list, filing a report (the
 * demo), and a report of a person another feature found visible (a review's author, decision 074).
 */
export { createReport, listReports, reportUser, takeReportQuota } from './service';
