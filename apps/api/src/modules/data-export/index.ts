/** What other features may use of data-export: the routes (the app registers them). */
export { dataExportRoutes } from './routes';
