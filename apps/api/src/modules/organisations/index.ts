/** What other features may use of organisations: who acts for which pharmacy (decision 089). */
export { createOwnerScopes, subscribeOwnerScopes, type TOwnerScope, type TOwnerScopes } from './access';
export { pharmaciesInReach } from './service';
