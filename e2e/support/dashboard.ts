/** What each role must (and must not) find on the home dashboard (docs/product.md#dashboard). */
import { expect, type Page } from '@playwright/test';

type TDashboardRole = 'farmacista' | 'titolare' | 'admin';

const INTRO: Record<TDashboardRole, string | undefined> = {
  farmacista: 'Gestisci la tua carriera, cerca nuove offerte di lavoro, leggi le recensioni e aggiorna il tuo CV.',
  titolare: 'Gestisci le tue offerte, visualizza le candidature e consulta le tue informazioni personali.',
  admin: undefined,
};

/** Every dashboard action, with the role it belongs to. */
const ACTIONS: { label: string; role: TDashboardRole }[] = [
  { label: 'Cerca Offerte', role: 'farmacista' },
  { label: 'Aggiorna CV', role: 'farmacista' },
  { label: 'Le mie candidature', role: 'farmacista' },
  { label: 'La mia disponibilità', role: 'farmacista' },
  { label: 'I miei turni', role: 'farmacista' },
  { label: 'Fatture', role: 'farmacista' },
  { label: 'Crea Offerta', role: 'titolare' },
  { label: 'Candidature Ricevute', role: 'titolare' },
  { label: 'Le Mie Offerte', role: 'titolare' },
  { label: 'Cerca Farmacisti', role: 'titolare' },
  { label: 'Turni lavorati', role: 'titolare' },
  { label: 'Fatture ricevute', role: 'titolare' },
  { label: 'Tutte le farmacie', role: 'admin' },
  { label: 'Utenti', role: 'admin' },
  { label: 'Verifiche', role: 'admin' },
];

export async function expectDashboardOf(page: Page, role: TDashboardRole, name?: string): Promise<void> {
  await expect(page).toHaveURL('/');
  if (role === 'admin') {
    await expect(page.getByRole('heading', { name: /^Benvenuto/ })).toHaveCount(0);
  } else {
    await expect(page.getByRole('heading', { level: 1, name: `Benvenuto, ${name}!` })).toBeVisible();
    await expect(page.getByText(INTRO[role] ?? '', { exact: true })).toBeVisible();
  }
  for (const other of ['farmacista', 'titolare'] as const) {
    if (other !== role) await expect(page.getByText(INTRO[other] ?? '', { exact: true })).toHaveCount(0);
  }
  for (const action of ACTIONS) {
    const button = page.getByRole('button', { name: action.label, exact: true });
    if (action.role === role) await expect(button).toBeVisible();
    else await expect(button).toHaveCount(0);
  }
  const editDescription = page.getByRole('button', { name: 'Modifica Descrizione', exact: true });
  if (role === 'admin') await expect(editDescription).toHaveCount(0);
  else await expect(editDescription).toBeVisible();
}
