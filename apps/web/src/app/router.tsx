/** The route table (docs/product.md#screens). Pages load on demand, so the first visit only downloads what it shows (decision 001). */
import {
  UNSAFE_createBrowserHistory as createBrowserHistory,
  UNSAFE_createRouter as createRouter,
  UNSAFE_hydrationRouteProperties as hydrationRouteProperties,
  type LoaderFunctionArgs,
  UNSAFE_mapRouteProperties as mapRouteProperties,
  type RouteObject,
} from 'react-router';
import { PageSpinner } from '../components/ui/spinner';
import { offersPageQueryOptions } from '../features/offers/api/get-offers';
import { offersMapQueryOptions } from '../features/offers/api/get-offers-map';
import { FIRST_AREA } from '../features/offers/lib/map-area';
import { readSearchFilters, readSearchPage } from '../features/offers/lib/search-filters';
import { userDetailsQueryOptions } from '../lib/api/get-user-details';
import { PATHS } from '../lib/paths';
import { hasSession } from '../lib/storage';
import { RootLayout } from './layout';
import { queryClient } from './query-client';
import { RouteError } from './route-error';
import { RouteGuard } from './route-guard';

/**
 * Loaders that only start a page's requests (never awaited): the data downloads while the page's code does, instead of
 * after it has loaded and rendered the guard (three round trips in a row on /cerca_offerte; decision 031).
 */
const prefetchUser = () => {
  if (hasSession()) void queryClient.prefetchQuery(userDetailsQueryOptions());
  return null;
};
/** /cerca_offerte's first screen: the list's page and the map's first clusters (decision 037), nothing more. */
const prefetchOffers = ({ request }: LoaderFunctionArgs) => {
  if (!hasSession()) return null;
  const params = new URL(request.url).searchParams;
  const filters = readSearchFilters(params);
  void queryClient.prefetchQuery(offersPageQueryOptions(filters, readSearchPage(params)));
  void queryClient.prefetchQuery(offersMapQueryOptions(filters, FIRST_AREA));
  return null;
};

/** The routes, made once for the router. */
const appRoutes = (): RouteObject[] => [
  {
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: PageSpinner,
    children: [
      {
        path: PATHS.welcome,
        lazy: () => import('../features/auth/pages/welcome-page').then((m) => ({ Component: m.WelcomePage })),
      },
      {
        path: PATHS.login,
        lazy: () => import('../features/auth/pages/login-page').then((m) => ({ Component: m.LoginPage })),
      },
      {
        path: PATHS.loginEmail,
        lazy: () => import('../features/auth/pages/login-page').then((m) => ({ Component: m.LoginPage })),
      },
      {
        path: PATHS.register,
        lazy: () => import('../features/auth/pages/register-page').then((m) => ({ Component: m.RegisterPage })),
      },
      {
        path: PATHS.forgotPassword,
        lazy: () => import('../features/auth/pages/forgot-password-page').then((m) => ({ Component: m.ForgotPasswordPage })),
      },
      {
        path: PATHS.resetPassword,
        lazy: () => import('../features/auth/pages/reset-password-page').then((m) => ({ Component: m.ResetPasswordPage })),
      },
      {
        // The confirmation link works with or without a session (decision 047).
        path: PATHS.confirmEmail,
        lazy: () => import('../features/auth/pages/confirm-email-page').then((m) => ({ Component: m.ConfirmEmailPage })),
      },
      {
        path: PATHS.logout,
        lazy: () => import('../features/auth/pages/logout-page').then((m) => ({ Component: m.LogoutPage })),
      },
      {
        path: PATHS.terms,
        lazy: () => import('../features/legal/pages/terms-page').then((m) => ({ Component: m.TermsPage })),
      },
      {
        path: PATHS.privacy,
        lazy: () => import('../features/legal/pages/privacy-page').then((m) => ({ Component: m.PrivacyPage })),
      },
      {
        // The keep link of a retention warning, with or without a session (decision 068).
        path: PATHS.keep,
        lazy: () => import('../features/auth/pages/keep-page').then((m) => ({ Component: m.KeepPage })),
      },
      {
        // A staff invitation's link, with or without a session (decision 089).
        path: PATHS.staffInvitation,
        lazy: () => import('../features/auth/pages/staff-invitation-page').then((m) => ({ Component: m.StaffInvitationPage })),
      },
      {
        path: PATHS.unauthorized,
        lazy: () => import('../features/errors/pages/unauthorized-page').then((m) => ({ Component: m.UnauthorizedPage })),
      },
      {
        // An offer's public page: no login (decision 028).
        path: PATHS.publicOffer,
        lazy: () => import('../features/offers/pages/public-offer-page').then((m) => ({ Component: m.PublicOfferPage })),
      },
      {
        // Any logged-in user; admin-only pages will sit under <RouteGuard role="admin" />.
        element: <RouteGuard />,
        loader: prefetchUser,
        children: [
          { index: true, lazy: () => import('./routes/home-route').then((m) => ({ Component: m.HomeRoute })) },
          {
            path: PATHS.profile,
            lazy: () => import('./routes/profile-route').then((m) => ({ Component: m.ProfileRoute })),
          },
          {
            path: PATHS.notifications,
            lazy: () =>
              import('../features/notifications/pages/notifications-page').then((m) => ({ Component: m.NotificationsPage })),
          },
          {
            // The map (Leaflet) is a chunk of its own, loaded by this page only (decision 001).
            path: PATHS.searchOffers,
            loader: prefetchOffers,
            lazy: () => import('./routes/search-offers-route').then((m) => ({ Component: m.SearchOffersRoute })),
          },
          {
            // A person's published reviews; the API decides who may read them (decision 074).
            path: PATHS.userReviews,
            lazy: () => import('../features/reviews/pages/user-reviews-page').then((m) => ({ Component: m.UserReviewsPage })),
          },
        ],
      },
      {
        // The owner's offers and the applications they received (docs/rules.md#who-may-do-what).
        // biome-ignore lint/a11y/useValidAriaRole: RouteGuard's role is the user's role, not an ARIA one
        element: <RouteGuard role="titolare" />,
        loader: prefetchUser,
        children: [
          {
            path: PATHS.myOffers,
            lazy: () => import('./routes/my-offers-route').then((m) => ({ Component: m.MyOffersRoute })),
          },
          {
            path: PATHS.publishShifts,
            lazy: () => import('../features/offers/pages/publish-shifts-page').then((m) => ({ Component: m.PublishShiftsPage })),
          },
          {
            path: PATHS.applications,
            lazy: () => import('./routes/applications-route').then((m) => ({ Component: m.ApplicationsRoute })),
          },
          {
            // Verified owners search who is free; the app plugs the invitation into each card (decision 070).
            path: PATHS.searchPharmacists,
            lazy: () => import('./routes/search-pharmacists-route').then((m) => ({ Component: m.SearchPharmacistsRoute })),
          },
          {
            // The group's shifts, hours, spend and monthly statements (decision 091).
            path: PATHS.group,
            lazy: () => import('../features/group-report/pages/group-page').then((m) => ({ Component: m.GroupPage })),
          },
          {
            // The invoices addressed to the organisation (decision 095): the API decides who may mark them paid.
            path: PATHS.receivedInvoices,
            lazy: () =>
              import('../features/invoices/pages/received-invoices-page').then((m) => ({ Component: m.ReceivedInvoicesPage })),
          },
          {
            path: PATHS.favourites,
            lazy: () => import('../features/invitations/pages/favourites-page').then((m) => ({ Component: m.FavouritesPage })),
          },
          {
            // The organisation, its people, each pharmacy's settings (decision 089): the API decides who may change what.
            path: PATHS.organisation,
            lazy: () => import('./routes/organisation-route').then((m) => ({ Component: m.OrganisationRoute })),
          },
          {
            path: PATHS.staff,
            lazy: () => import('../features/organisation/pages/staff-page').then((m) => ({ Component: m.StaffPage })),
          },
          {
            path: PATHS.pharmacySettings,
            lazy: () =>
              import('../features/organisation/pages/pharmacy-settings-page').then((m) => ({
                Component: m.PharmacySettingsPage,
              })),
          },
        ],
      },
      {
        // The applications a pharmacist has sent, and their calendar of free days.
        // biome-ignore lint/a11y/useValidAriaRole: RouteGuard's role is the user's role, not an ARIA one
        element: <RouteGuard role="farmacista" />,
        loader: prefetchUser,
        children: [
          {
            path: PATHS.myApplications,
            lazy: () => import('./routes/my-applications-route').then((m) => ({ Component: m.MyApplicationsRoute })),
          },
          {
            path: PATHS.availability,
            lazy: () =>
              import('../features/availability/pages/availability-page').then((m) => ({ Component: m.AvailabilityPage })),
          },
          {
            // Her invoices from confirmed hours (decision 095).
            path: PATHS.invoices,
            lazy: () => import('../features/invoices/pages/invoices-page').then((m) => ({ Component: m.InvoicesPage })),
          },
          {
            // Her professional file (decision 093).
            path: PATHS.professionalFile,
            lazy: () =>
              import('../features/engagement/pages/professional-file-page').then((m) => ({
                Component: m.ProfessionalFilePage,
              })),
          },
        ],
      },
      {
        // Worked shifts (decision 075): the pharmacist's view or the owner's, by role.
        element: <RouteGuard role={['farmacista', 'titolare']} />,
        loader: prefetchUser,
        children: [
          {
            path: PATHS.workedShifts,
            lazy: () => import('../features/shifts/pages/worked-shifts-page').then((m) => ({ Component: m.WorkedShiftsPage })),
          },
          {
            // An accepted application's contract, or the owner's summary of an employee's (decision 093).
            path: PATHS.contract,
            lazy: () => import('../features/engagement/pages/contract-page').then((m) => ({ Component: m.ContractPage })),
          },
          {
            // Reviews after the shift (decision 074): those to write and one's own received.
            path: PATHS.reviews,
            lazy: () => import('../features/reviews/pages/reviews-page').then((m) => ({ Component: m.ReviewsPage })),
          },
        ],
      },
      {
        // Admin back office (decision 012).
        // biome-ignore lint/a11y/useValidAriaRole: RouteGuard's role is the user's role, not an ARIA one
        element: <RouteGuard role="admin" />,
        loader: prefetchUser,
        children: [
          {
            path: PATHS.pharmacies,
            lazy: () => import('../features/admin/pages/pharmacies-page').then((m) => ({ Component: m.PharmaciesPage })),
          },
          {
            path: PATHS.users,
            lazy: () => import('../features/admin/pages/users-page').then((m) => ({ Component: m.UsersPage })),
          },
          {
            path: PATHS.verifications,
            lazy: () =>
              import('../features/verifications/pages/verifications-page').then((m) => ({ Component: m.VerificationsPage })),
          },
          {
            path: PATHS.reports,
            lazy: () => import('../features/reports/pages/reports-page').then((m) => ({ Component: m.ReportsPage })),
          },
          {
            path: PATHS.audit,
            lazy: () => import('../features/admin/pages/audit-page').then((m) => ({ Component: m.AuditPage })),
          },
        ],
      },
      {
        path: '*',
        lazy: () => import('../features/errors/pages/not-found-page').then((m) => ({ Component: m.NotFoundPage })),
      },
    ],
  },
];

/**
 * The app's router, not started: main.tsx makes it in a task after the entry's evaluation and starts it
 * (`initialize()`: the first page's match, loaders and code) in the next one. In the entry's task that was one long
 * task on a slow phone (decision 058); made and started in one, 103–208 ms on the phone-4g profile (decision 079).
 * What `createBrowserRouter` does, less its `initialize()`: React Router's own route properties (a route's
 * `Component`, `ErrorBoundary`, `HydrateFallback` made into elements) and the browser's history. No server data to
 * hydrate: the app is not rendered on the server.
 */
export const createAppRouter = () =>
  createRouter({ routes: appRoutes(), history: createBrowserHistory(), mapRouteProperties, hydrationRouteProperties });
