/** Accounts for the journeys: unique e-mails, registration through the API (setup only) and login through the UI. */
import { randomUUID } from 'node:crypto';
import { type TProfileValues, vatCheckDigit } from '@farmaponte/shared';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { confirmationLinkFor } from './mail';

/** The password of every demo account and of the accounts the tests create. */
export const PASSWORD = 'Farmaponte2026!';

/** Seeded by SEED_DEMO=true: only ever read, never changed, by the tests. */
export const DEMO_ACCOUNTS = {
  admin: 'admin@farmaponte.it',
  titolareMilano: 'titolare.milano@farmaponte.it',
  titolareRoma: 'titolare.roma@farmaponte.it',
  farmacistaConCv: 'giulia.bianchi@farmaponte.it',
  farmacista: 'luca.verdi@farmaponte.it',
  /** Waiting for the admin's approval: approved by e2e/verifications.spec.ts, the one test that changes it. */
  titolareInAttesa: 'titolare.attesa@farmaponte.it',
  /** Warned by the retention job at seeding: kept through the mail's link by e2e/retention.spec.ts, which changes it. */
  farmacistaInattivo: 'paolo.inattivo@farmaponte.it',
} as const;

export type TSelfServiceRole = 'farmacista' | 'titolare';

/** An e-mail no other test (nor another run on the same database) uses. */
export function uniqueEmail(label = 'utente'): string {
  return `${label}-${Date.now()}-${randomUUID().slice(0, 8)}@example.it`;
}

/** Eight to ten digits, different from one account to the next. */
export function uniquePhone(): string {
  return `3${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
}

/** A VAT number with a valid check digit, different from one account to the next. */
export function uniqueVatNumber(): string {
  const firstTen = `0${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
  return firstTen + vatCheckDigit(firstTen);
}

/** An account for a journey: the login, the role, and the profile fields the journeys fill (shared definition). */
export type TTestAccount = { email: string; password: string; role: TSelfServiceRole } & Pick<
  TProfileValues,
  | 'name'
  | 'surname'
  | 'telephone'
  | 'ordine_provincia'
  | 'data_iscrizione_albo'
  | 'numero_iscrizione_albo'
  | 'titolo'
  | 'denominazione_farmacia'
  | 'indirizzo_farmacia'
  | 'partita_iva'
  | 'comune_farmacia'
  | 'cod_farmacia'
>;

/**
 * Also: the consent to e-mails beyond the service's own (alerts of saved searches need it), and whether the address is
 * confirmed through the link of the real confirmation mail (default: yes, as applying and publishing need it).
 */
export type TAccountOverrides = Partial<Omit<TTestAccount, 'role'>> & {
  communicationConsent?: boolean;
  emailConfirmed?: boolean;
  /** An owner approved by the demo admin (default: yes, as their offers go out only then). */
  ownerApproved?: boolean;
};

/** Builds a complete, valid account for a role; nothing is stored. */
export function buildAccount(role: TSelfServiceRole, overrides: TAccountOverrides = {}): TTestAccount {
  const suffix = randomUUID().slice(0, 6);
  const base: TTestAccount =
    role === 'farmacista'
      ? {
          email: uniqueEmail('farmacista'),
          password: PASSWORD,
          role,
          name: 'Chiara',
          surname: `Esposito ${suffix}`,
          telephone: uniquePhone(),
          // A declared albo entry (Milan's Ordine), waiting for an admin's check.
          ordine_provincia: 'MI',
          data_iscrizione_albo: '2018-06-01',
          numero_iscrizione_albo: String(Math.floor(Math.random() * 1e6)),
          titolo: 'Laurea magistrale in Farmacia',
          denominazione_farmacia: '',
          indirizzo_farmacia: '',
          partita_iva: '',
          comune_farmacia: '',
          cod_farmacia: '',
        }
      : {
          email: uniqueEmail('titolare'),
          password: PASSWORD,
          role,
          name: 'Marco',
          surname: `Ferri ${suffix}`,
          telephone: uniquePhone(),
          ordine_provincia: '',
          data_iscrizione_albo: '',
          numero_iscrizione_albo: '',
          titolo: '',
          denominazione_farmacia: `Farmacia Ferri ${suffix}`,
          indirizzo_farmacia: 'Via del Corso 12, Roma',
          partita_iva: uniqueVatNumber(),
          comune_farmacia: 'Roma',
          // Typed by hand (a pharmacy the registry lacks), so each journey's pharmacy has a name of its own.
          cod_farmacia: '',
        };
  return { ...base, ...overrides };
}

/** Setup through POST /api/user/register/, for journeys that are not about registering. */
export async function registerThroughApi(
  request: APIRequestContext,
  role: TSelfServiceRole,
  overrides: TAccountOverrides = {},
): Promise<TTestAccount> {
  const { communicationConsent = false, emailConfirmed = true, ownerApproved = true, ...accountOverrides } = overrides;
  const account = buildAccount(role, accountOverrides);
  const roleFields =
    role === 'farmacista'
      ? {
          ordine_provincia: account.ordine_provincia,
          data_iscrizione_albo: account.data_iscrizione_albo,
          numero_iscrizione_albo: account.numero_iscrizione_albo,
          titolo: account.titolo,
          preferredRegion: 'Lombardia',
        }
      : {
          denominazione_farmacia: account.denominazione_farmacia,
          indirizzo_farmacia: account.indirizzo_farmacia,
          partita_iva: account.partita_iva,
          comune_farmacia: account.comune_farmacia,
          cod_farmacia: account.cod_farmacia,
        };
  const response = await request.post('/api/user/register/', {
    data: {
      username: account.email,
      password: account.password,
      profile: {
        userRole: role,
        name: account.name,
        surname: account.surname,
        dob: '1988-04-21',
        placeOfBirth: 'Bergamo',
        telephone: account.telephone,
        regione_residenza: 'Lombardia',
        provincia_residenza: 'MI',
        comune: 'Milano',
        via: 'Via Torino 5',
        privacyPolicyConsent: true,
        communicationConsent,
        ...roleFields,
      },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  if (emailConfirmed) await confirmThroughMail(request, account.email);
  if (role === 'titolare' && ownerApproved) {
    // The answer names no id (decision 054): the owner, once confirmed, reads their own.
    await approveThroughAdmin(request, await ownIdThroughApi(request, account.email, account.password));
    await readAllNotifications(request, account.email, account.password);
  }
  return account;
}

/** The account's own id, as GET /api/user/details/ answers it after a login (the address must be confirmed). */
async function ownIdThroughApi(request: APIRequestContext, email: string, password: string): Promise<number> {
  const login = await request.post('/api/token/', { data: { username: email, password } });
  expect(login.status(), await login.text()).toBe(200);
  const { access } = (await login.json()) as { access: string };
  const details = await request.get('/api/user/details/', { headers: { authorization: `Bearer ${access}` } });
  expect(details.status(), await details.text()).toBe(200);
  return ((await details.json()) as { id: number }).id;
}

/** Marks every notification of the account read (setup: an approved owner starts with no unread notification). */
async function readAllNotifications(request: APIRequestContext, email: string, password: string): Promise<void> {
  const login = await request.post('/api/token/', { data: { username: email, password } });
  expect(login.status(), await login.text()).toBe(200);
  const { access } = (await login.json()) as { access: string };
  const response = await request.post('/api/notifications/read/', { headers: { authorization: `Bearer ${access}` }, data: {} });
  expect(response.status(), await response.text()).toBe(200);
}

/** The demo admin approves a waiting owner through the admin's queue (decision 049), so their offers go out. */
export async function approveThroughAdmin(request: APIRequestContext, userId: number): Promise<void> {
  const login = await request.post('/api/token/', { data: { username: DEMO_ACCOUNTS.admin, password: PASSWORD } });
  expect(login.status(), await login.text()).toBe(200);
  const { access } = (await login.json()) as { access: string };
  const response = await request.post(`/api/admin/verifications/${userId}/`, {
    headers: { authorization: `Bearer ${access}` },
    data: { decision: 'verified' },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Confirms the address with the token of the link the real SMTP server received, as the link's page does (decision 047). */
export async function confirmThroughMail(request: APIRequestContext, email: string): Promise<void> {
  const token = new URL(await confirmationLinkFor(email)).pathname.split('/').filter(Boolean).pop();
  const response = await request.post('/api/user/verify-email/', { data: { token } });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * After /register: the page says to check the mail, whether the address was new or not (decision 054); then the link
 * of the confirmation mail the real SMTP server received is opened, and its 'Accedi' leads to the login.
 */
export async function confirmRegistrationAndLogIn(page: Page, account: TTestAccount): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Controlla la tua email' })).toBeVisible();
  await expect(page.getByText(`Abbiamo scritto a ${account.email}.`)).toBeVisible();
  await page.goto(await confirmationLinkFor(account.email));
  await expect(page.getByRole('heading', { level: 1, name: 'Indirizzo email confermato' })).toBeVisible();
  await page.getByRole('link', { name: 'Accedi', exact: true }).click();
  await expect(page).toHaveURL('/login');
  await logIn(page, account.email, account.password);
}

/** Fills the login form (the one on screen, ?next= included, or /login's); leaves the page wherever the app goes next. */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  if (!['/login', '/login_email'].includes(new URL(page.url()).pathname)) await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Accedi', exact: true }).click();
}

/**
 * Setup for journeys that are not about logging in: a session from POST /api/token/, stored where the app keeps it
 * (localStorage, decision 011), then the dashboard. The login form itself is the subject of register-and-login.
 */
export async function startSession(page: Page, email: string, password = PASSWORD): Promise<void> {
  const response = await page.request.post('/api/token/', { data: { username: email, password } });
  expect(response.status(), await response.text()).toBe(200);
  const tokens = (await response.json()) as { access: string; refresh: string };
  // Any page of the site will do to reach its storage; the icon is the smallest and runs no script.
  await page.goto('/favicon.svg');
  await page.evaluate(({ access, refresh }) => {
    localStorage.setItem('access', access);
    localStorage.setItem('refresh', refresh);
  }, tokens);
  await page.goto('/');
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

/** Logs in through /login and waits for the dashboard. */
export async function logIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await submitLogin(page, email, password);
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

/** The login error toast (docs/product.md#login), and the user is still on /login (with its ?next=, if it had one). */
export async function expectLoginRefused(page: Page): Promise<void> {
  await expect(page.getByText('Email o password errati', { exact: false })).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/login');
}
