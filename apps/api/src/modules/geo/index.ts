/** What other features may use of geo: the built-in comuni (and the provincial capitals among them) and where a pharmacy is on the map. */
export { birthPlaceOf } from './catastali';
export { allComuni, capsOf, comuneByIstat, findComune, provincialCapitals } from './comuni';
export { pharmacyPosition } from './position';
