/**
 * The search page's own texts: its filters, the map's clusters and places, 'Avvisami'. A catalogue of its own, not part
 * of UI_TEXT, so the app's first file (which carries UI_TEXT for the frame) does not carry them to every page
 * (docs/decisions/077): they come with the search page's code.
 */
export const SEARCH_TEXT = {
  // The search's filters (decision 028): in the URL, a dialog on every screen, a sort beside the button.
  searchFilters: 'Filtri',
  searchFiltersCount: (count: number) => (count ? `Filtri (${count})` : 'Filtri'),
  searchFiltersTitle: 'Filtra le offerte',
  searchFiltersDescription:
    "Scegli dove, quando e a quale paga minima. La ricerca resta nell'indirizzo della pagina: puoi condividerla.",
  searchWhereLegend: 'Dove',
  searchNearLabel: 'Vicino a (comune)',
  searchRadiusLabel: 'Entro',
  searchRadiusOption: (km: number) => `${km} km`,
  searchRegionLabel: 'Regione',
  searchProvinceLabel: 'Provincia',
  searchComuneLabel: 'Comune',
  searchWhenLegend: 'Quando',
  searchFromLabel: 'Dal',
  searchToLabel: 'Al',
  searchMinPayLabel: 'Paga minima (€/ora)',
  searchKindLabel: 'Durata',
  searchKindAny: 'Tutte',
  searchKindSingle: 'Un giorno',
  searchKindMulti: 'Più giorni',
  searchSortLabel: 'Ordina per',
  searchSortDate: 'Data',
  searchSortPay: 'Paga',
  searchSortDistance: 'Distanza',
  searchApply: 'Mostra le offerte',
  searchClear: 'Azzera i filtri',
  searchNoResults: 'Nessuna offerta per questa ricerca. Prova ad allargare il raggio o le date.',
  searchUpdating: 'Aggiornamento delle offerte…',
  searchActive: (parts: string) => `Ricerca: ${parts}`,
  // The list in pages and the map's clusters from the server (docs/decisions/037)
  mapClusterLabel: (count: number) => `${count} offerte: ingrandisci la mappa`,
  mapShowInList: "Vedi nell'elenco",
  mapLoadFailed: 'Impossibile caricare la mappa delle offerte.',
  placeOffersBack: 'Tutte le offerte',
  placeOffersFirst: (shown: number) => `qui le prime ${shown}`,
  // 'Avvisami': saved searches and their alerts (decision 028)
  savedSearchSave: 'Avvisami',
  savedSearchSaveTitle: 'Avvisami delle nuove offerte',
  savedSearchSaveDescription: 'Salviamo questa ricerca e ti avvisiamo quando arriva una nuova offerta che la soddisfa.',
  savedSearchNameLabel: 'Nome della ricerca',
  savedSearchFrequencyLabel: 'Quando avvisarti',
  savedSearchFrequency: { immediate: 'Subito', daily: 'Una volta al giorno' } as const,
  savedSearchSaveButton: 'Salva la ricerca',
  savedSearchesTitle: 'Ricerche salvate',
  savedSearchesCount: (count: number) => (count ? `Ricerche salvate (${count})` : 'Ricerche salvate'),
  savedSearchesEmpty: 'Non hai ancora salvato ricerche. Imposta i filtri e premi «Avvisami».',
  savedSearchSuggestion: (name: string) => `Vuoi un avviso per le nuove offerte «${name}»?`,
  savedSearchDelete: (name: string) => `Elimina la ricerca «${name}»`,
} as const;
