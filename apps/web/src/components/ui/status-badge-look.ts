/**
 * The status pills' look, apart from React: the first screen of /cerca_offerte (decision 057) draws an application's
 * pill before the app has loaded, with the same classes as ApplicationStatusBadge.
 */
import type { TApplicationStatus } from '@farmaponte/shared';

export const BADGE_CLASSES = 'inline-flex items-center whitespace-nowrap rounded-full border px-2.5 py-0.5 text-xs font-semibold';

export type TTone = 'waiting' | 'info' | 'good' | 'over' | 'neutral';

export const TONES: Record<TTone, string> = {
  waiting: 'border-amber-300 bg-amber-50 text-amber-900',
  info: 'border-sky-300 bg-sky-50 text-sky-900',
  good: 'border-emerald-300 bg-emerald-50 text-emerald-900',
  over: 'border-red-200 bg-red-50 text-red-800',
  neutral: 'border-slate-300 bg-slate-100 text-slate-700',
};

export const APPLICATION_TONES: Record<TApplicationStatus, TTone> = {
  sent: 'waiting',
  seen: 'info',
  accepted: 'good',
  rejected: 'over',
  withdrawn: 'neutral',
};

/** The legal forms' pills (decision 093): the employee form in the info tone, the freelance form in violet. */
export const LEGAL_FORM_TONES: Record<'dipendente' | 'libera_professione', string> = {
  dipendente: TONES.info,
  libera_professione: 'border-violet-300 bg-violet-50 text-violet-900',
};
export const LEGAL_FORM_ROW_CLASSES = 'inline-flex flex-wrap items-center gap-1.5';

/** An urgent shift's pill (decision 096), on the search's rows and the owner's card. */
export const URGENT_BADGE_CLASSES = 'border-red-300 bg-red-50 text-red-800';
