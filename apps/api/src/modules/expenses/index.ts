/** Expenses on a freelance shift (decision 095): the routes; the lists read them through the shifts' closing. */
export { expenseRoutes } from './routes';
