/** What other features may use of geo: the built-in comuni and where a pharmacy is on the map. */
export { allComuni, findComune } from './comuni';
export { pharmacyPosition } from './position';
