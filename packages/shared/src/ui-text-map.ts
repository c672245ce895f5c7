/**
 * What Leaflet writes on every map in English, said in Italian (decision 001: a module of its own, loaded with the
 * map's code only): the zoom buttons, the popup's close button, the default name of a marker and the title of the
 * library's link in the attribution.
 */
export const MAP_TEXT = {
  zoomIn: 'Ingrandisci',
  zoomOut: 'Riduci',
  closePopup: 'Chiudi',
  marker: 'Segnaposto',
  leafletTitle: 'Una libreria JavaScript per mappe interattive',
} as const;
