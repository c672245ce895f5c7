/** What the app may use of moderation besides its routes: nothing yet; the routes are registered by app.ts. */
export { listReports } from './service';
