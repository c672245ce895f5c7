/**
 * An offer's legal forms as pills (decision 093): LEGAL_FORM_SHORT of engagement.ts, written again here because the
 * search's first script (decision 057) draws them and cannot carry the rules' module; a test keeps the two equal. A
 * module of its own, so neither /login nor the header carries it.
 */
export const LEGAL_FORM_PILLS = { dipendente: 'Dipendente (CCNL)', libera_professione: 'Libera professione' } as const;
