/** What the app may use of admin besides its routes: the query of the users' page (bench/floor.ts runs the same SQL). */
export { usersPageFilter, usersPageQueries } from './service';
