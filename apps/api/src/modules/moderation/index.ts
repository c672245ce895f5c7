/** What the app may use of moderation besides its routes (registered by app.ts): the desk's list, filing a report (the demo). */
export { createReport, listReports } from './service';
