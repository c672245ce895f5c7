/**
 * Home dashboard (docs/product.md#dashboard): a greeting and actions per role. Dialogs of other features arrive as slots from the
 * app (decision 002), so the dashboard imports no other feature.
 */
import type { TRole, TUserDetails } from '@farmaponte/shared';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { ACCOUNT_TEXT } from '@farmaponte/shared/ui-text-account';
import { ENGAGEMENT_LINK_TEXT } from '@farmaponte/shared/ui-text-engagement-link';
import { INVOICE_LINK_TEXT } from '@farmaponte/shared/ui-text-invoice-links';
import { SHIFTS_LINK_TEXT } from '@farmaponte/shared/ui-text-shift-links';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { EmailConfirmationNotice } from '../../../components/email-confirmation/email-confirmation-notice';
import { Button } from '../../../components/ui/button';
import { PageLoadError } from '../../../components/ui/load-error';
import { PageSpinner } from '../../../components/ui/spinner';
import { TextLink } from '../../../components/ui/text-link';
import { VerificationNotice } from '../../../components/verification-notice';
import { useUserDetails } from '../../../lib/api/get-user-details';
import { pageTitle } from '../../../lib/page-title';
import { PATHS } from '../../../lib/paths';

export interface TDashboardSlots {
  /** 'Modifica Descrizione' with its dialog (every non-admin). */
  editDescription?: ReactNode;
  /** 'Aggiorna CV' with the CV upload dialog (farmacista). */
  updateCv?: ReactNode;
  /** 'Crea Offerta' with the offer dialog (titolare). */
  createOffer?: ReactNode;
  /** The admin's overview (counts and charts), shown under the actions. */
  adminOverview?: ReactNode;
  /** The admin's count of requests waiting on /verifiche (decision 049). */
  verificationQueue?: ReactNode;
}

interface TDashboardPageProps {
  slots: TDashboardSlots;
}

interface TLinkAction {
  label: string;
  to: string;
}

export function DashboardPage({ slots }: TDashboardPageProps) {
  const details = useUserDetails();

  // User-details load failure: said in the page (decision 017), with a retry, not in a blocking browser dialog.
  if (!details.data && details.isError) return <PageLoadError query={details} />;
  if (!details.data) return <PageSpinner />;
  const user = details.data;
  const isAdmin = user.role === 'admin';

  const links: Record<TRole, TLinkAction[]> = {
    farmacista: [
      { label: UI_TEXT.searchOffers, to: PATHS.searchOffers },
      { label: UI_TEXT.myApplications, to: PATHS.myApplications },
      { label: UI_TEXT.myAvailability, to: PATHS.availability },
      { label: SHIFTS_LINK_TEXT.pharmacist, to: PATHS.workedShifts },
      { label: INVOICE_LINK_TEXT.pharmacist, to: PATHS.invoices },
      { label: ENGAGEMENT_LINK_TEXT.professionalFile, to: PATHS.professionalFile },
    ],
    titolare: [
      { label: UI_TEXT.applicationsReceived, to: PATHS.applications },
      { label: UI_TEXT.myOffers, to: PATHS.myOffers },
      { label: UI_TEXT.searchPharmacists, to: PATHS.searchPharmacists },
      { label: SHIFTS_LINK_TEXT.owner, to: PATHS.workedShifts },
      { label: INVOICE_LINK_TEXT.owner, to: PATHS.receivedInvoices },
    ],
    admin: [
      { label: UI_TEXT.allPharmacies, to: PATHS.pharmacies },
      { label: UI_TEXT.usersList, to: PATHS.users },
      { label: UI_TEXT.verificationsLink, to: PATHS.verifications },
      { label: UI_TEXT.auditLink, to: PATHS.audit },
    ],
  };
  const dialogs: Record<TRole, ReactNode[]> = {
    farmacista: [slots.updateCv, slots.editDescription],
    titolare: [slots.createOffer, slots.editDescription],
    admin: [],
  };
  const linkActions = links[user.role];
  const dialogActions = dialogs[user.role].filter(Boolean);
  const intro = { farmacista: UI_TEXT.farmacistaIntro, titolare: UI_TEXT.titolareIntro, admin: UI_TEXT.adminIntro }[user.role];
  const title = isAdmin ? UI_TEXT.adminTitle : UI_TEXT.greeting(user.profile.name || user.username);

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-6 sm:py-10">
      <title>{pageTitle(title)}</title>
      {/* What the account still needs comes first, above the fold on a phone: the e-mail to confirm, the admin's check. */}
      {user.email_verified ? null : <EmailConfirmationNotice email={user.username} />}
      <VerificationNotice user={user} />
      <section
        aria-labelledby="dashboard-title"
        className="rounded-2xl border border-emerald-100 bg-gradient-to-br from-emerald-50 to-white p-6 shadow-sm sm:p-8"
      >
        <p className="text-sm font-semibold uppercase tracking-wide text-emerald-800">{UI_TEXT.roleNames[user.role]}</p>
        <h1 id="dashboard-title" className="mt-1 text-2xl font-bold text-slate-900 sm:text-3xl">
          {title}
        </h1>
        <p className="mt-3 max-w-2xl text-base text-slate-700">{intro}</p>
        <ActionBar links={linkActions} dialogs={dialogActions} />
      </section>

      {isAdmin ? slots.verificationQueue : null}
      {isAdmin ? slots.adminOverview : null}

      <div className="grid gap-6 md:grid-cols-2">
        <ProfileCard user={user} />
        {isAdmin ? null : <DescriptionCard description={user.profile.descrizione} />}
      </div>
    </div>
  );
}

function ActionBar({ links, dialogs }: { links: TLinkAction[]; dialogs: ReactNode[] }) {
  const navigate = useNavigate();
  return (
    <nav aria-label={UI_TEXT.dashboardActions} className="mt-6">
      <ul className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        {links.map((action) => (
          <li key={action.to}>
            <Button size="lg" className="w-full" onClick={() => navigate(action.to)}>
              {action.label}
            </Button>
          </li>
        ))}
        {dialogs.map((dialog, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list per role, never reordered
          <li key={index} className="[&>button]:w-full">
            {dialog}
          </li>
        ))}
      </ul>
    </nav>
  );
}

function ProfileCard({ user }: { user: TUserDetails }) {
  const { profile } = user;
  const fullName = [profile.name, profile.surname].filter(Boolean).join(' ');
  const place =
    profile.comune && profile.provincia_residenza ? `${profile.comune} (${profile.provincia_residenza})` : profile.comune;
  return (
    <section
      aria-labelledby="profile-card-title"
      className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id="profile-card-title" className="text-lg font-semibold text-slate-900">
        {UI_TEXT.yourProfile}
      </h2>
      <dl className="mt-4 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        {[
          [UI_TEXT.nameLabel, fullName],
          [UI_TEXT.emailLabel, user.username],
          [ACCOUNT_TEXT.pharmacyNameLabel, user.role === 'titolare' ? profile.denominazione_farmacia : ''],
          [UI_TEXT.comuneLabel, place],
        ]
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div key={label} className="min-w-0">
              <dt className="text-slate-600">{label}</dt>
              <dd className="break-words font-medium text-slate-900">{value}</dd>
            </div>
          ))}
      </dl>
      <p className="mt-4 text-sm text-slate-700">{UI_TEXT.yourProfileText}</p>
      <TextLink to={PATHS.profile} className="mt-auto inline-flex min-h-11 items-center gap-1 self-start pt-3">
        {UI_TEXT.goToProfile} <span aria-hidden="true">→</span>
      </TextLink>
    </section>
  );
}

function DescriptionCard({ description }: { description: string }) {
  return (
    <section aria-labelledby="description-card-title" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="description-card-title" className="text-lg font-semibold text-slate-900">
        {UI_TEXT.yourDescription}
      </h2>
      {description ? (
        <p className="mt-4 whitespace-pre-line break-words text-base text-slate-800">{description}</p>
      ) : (
        <p className="mt-4 text-sm text-slate-600">{UI_TEXT.noDescription}</p>
      )}
    </section>
  );
}
