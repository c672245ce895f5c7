/**
 * A user's details for the admin (docs/product.md#admin-users; decision 012): account, personal data,
 * residence, the role's own fields, consents, description, activity, the owner's coordinates and the CV.
 */
import type { TAdminUserDetails, TUserRow } from '@farmaponte/shared';
import { formatDate } from '@farmaponte/shared/dates';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { ACCOUNT_TEXT } from '@farmaponte/shared/ui-text-account';
import { ADMIN_TEXT } from '@farmaponte/shared/ui-text-admin';
import type { ReactNode } from 'react';
import { buttonClasses } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import type { TLazyDialogProps } from '../../../components/ui/lazy-dialog-button';
import { QueryLoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { useAdminUserDetails } from '../api/get-user-details';
import { formatCoordinate, formatCount, formatDayInItaly } from '../lib/format';
import { Detail } from './list-panel';
import { RoleBadge } from './role-badge';
import { SecondStepResetSection } from './second-step-reset-section';
import { SuspensionSection } from './suspension-section';

export function UserDetailsDialog({
  user,
  open,
  onOpenChange,
  returnFocusRef,
}: TLazyDialogProps & {
  user: TUserRow;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={ADMIN_TEXT.userDetailsTitle}
      description={user.username}
      returnFocusRef={returnFocusRef}
      className="sm:max-w-2xl"
    >
      {open ? <DetailsLoader userId={user.id} /> : null}
    </Dialog>
  );
}

function DetailsLoader({ userId }: { userId: number }) {
  const details = useAdminUserDetails(userId);
  if (details.isError) {
    return <QueryLoadError query={details} />;
  }
  if (!details.data) {
    return (
      <div className="flex justify-center py-12">
        <Spinner />
      </div>
    );
  }
  return <UserDetails user={details.data} />;
}

const yesNo = (value: boolean) => (value ? ADMIN_TEXT.yes : ADMIN_TEXT.no);

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="border-t border-slate-200 pt-4 first:border-t-0 first:pt-0">
      <h3 className="text-sm font-semibold text-emerald-800">{title}</h3>
      <dl className="mt-2 grid grid-cols-2 gap-x-6 gap-y-3">{children}</dl>
    </section>
  );
}

/** A value, or 'N/D' in a lighter colour. */
function Value({ children }: { children: string }) {
  return children || <span className="text-slate-500">{UI_TEXT.notAvailable}</span>;
}

function UserDetails({ user }: { user: TAdminUserDetails }) {
  const p = user.profile;
  const isPharmacist = user.role === 'farmacista';
  const isOwner = user.role === 'titolare';
  const coordinates =
    user.lat != null && user.lng != null ? `${formatCoordinate(user.lat, '')}, ${formatCoordinate(user.lng, '')}` : '';
  return (
    <div className="flex flex-col gap-4">
      <SuspensionSection user={user} />
      <SecondStepResetSection user={user} />
      <Section title={ADMIN_TEXT.sectionAccount}>
        <Detail label={UI_TEXT.emailLabel} className="max-sm:col-span-2">
          <a href={`mailto:${user.username}`} className="break-all text-emerald-800 underline underline-offset-4">
            {user.username}
          </a>
        </Detail>
        <Detail label={UI_TEXT.roleLabel}>
          <RoleBadge role={user.role} />
        </Detail>
        <Detail label={ADMIN_TEXT.registeredOnLabel}>
          <Value>{formatDayInItaly(user.created_at)}</Value>
        </Detail>
        <Detail label={ADMIN_TEXT.userIdLabel}>{user.id}</Detail>
      </Section>

      <Section title={UI_TEXT.sectionPersonal}>
        <Detail label={UI_TEXT.nameLabel}>
          <Value>{p.name}</Value>
        </Detail>
        <Detail label={UI_TEXT.surnameLabel}>
          <Value>{p.surname}</Value>
        </Detail>
        <Detail label={UI_TEXT.dobLabel}>
          <Value>{formatDate(p.dob)}</Value>
        </Detail>
        <Detail label={UI_TEXT.placeOfBirthLabel}>
          <Value>{p.placeOfBirth}</Value>
        </Detail>
        <Detail label={UI_TEXT.telephoneLabel}>
          {p.telephone ? (
            <a href={`tel:${p.telephone}`} className="text-emerald-800 underline underline-offset-4">
              {p.telephone}
            </a>
          ) : (
            <Value>{''}</Value>
          )}
        </Detail>
      </Section>

      <Section title={UI_TEXT.sectionResidence}>
        <Detail label={UI_TEXT.regionLabel}>
          <Value>{p.regione_residenza}</Value>
        </Detail>
        <Detail label={UI_TEXT.provinceLabel}>
          <Value>{p.provincia_residenza}</Value>
        </Detail>
        <Detail label={UI_TEXT.comuneLabel}>
          <Value>{p.comune}</Value>
        </Detail>
        <Detail label={UI_TEXT.viaLabel} className="max-sm:col-span-2">
          <Value>{p.via}</Value>
        </Detail>
      </Section>

      {isPharmacist ? (
        <Section title={UI_TEXT.sectionProfessional}>
          <Detail label={UI_TEXT.alboLabel} className="max-sm:col-span-2">
            <Value>{p.numero_iscrizione_albo}</Value>
          </Detail>
          <Detail label={ACCOUNT_TEXT.titoloLabel} className="max-sm:col-span-2">
            <Value>{p.titolo}</Value>
          </Detail>
          <Detail label={ADMIN_TEXT.columnPreferredRegion}>
            <Value>{p.preferredRegion || user.preferredRegion}</Value>
          </Detail>
          <Detail label={ADMIN_TEXT.cvLabel} className="max-sm:col-span-2">
            {p.pdf_file ? (
              <a
                href={p.pdf_file}
                target="_blank"
                rel="noopener noreferrer"
                className={buttonClasses('secondary', 'md', 'mt-1 min-h-10 py-1.5')}
              >
                {ADMIN_TEXT.viewCv} <span className="sr-only">{UI_TEXT.opensInNewTab}</span>
              </a>
            ) : (
              <span className="text-slate-600">{ADMIN_TEXT.noCv}</span>
            )}
          </Detail>
        </Section>
      ) : null}

      {isOwner ? (
        <Section title={UI_TEXT.sectionPharmacy}>
          <Detail label={ACCOUNT_TEXT.pharmacyNameLabel} className="max-sm:col-span-2">
            <Value>{p.denominazione_farmacia}</Value>
          </Detail>
          <Detail label={ACCOUNT_TEXT.pharmacyAddressLabel} className="max-sm:col-span-2">
            <Value>{p.indirizzo_farmacia}</Value>
          </Detail>
          <Detail label={ACCOUNT_TEXT.pharmacyComuneLabel}>
            <Value>{p.comune_farmacia}</Value>
          </Detail>
          <Detail label={ACCOUNT_TEXT.vatLabel}>
            <Value>{p.partita_iva}</Value>
          </Detail>
          <Detail label={ADMIN_TEXT.pharmacyCoordinatesLabel} className="max-sm:col-span-2">
            <Value>{coordinates}</Value>
          </Detail>
        </Section>
      ) : null}

      {user.role !== 'admin' ? (
        <>
          <Section title={ADMIN_TEXT.sectionActivity}>
            {isOwner ? <Detail label={ADMIN_TEXT.offersCountLabel}>{formatCount(user.offers_count)}</Detail> : null}
            {isPharmacist ? (
              <Detail label={ADMIN_TEXT.applicationsCountLabel}>{formatCount(user.applications_count)}</Detail>
            ) : null}
          </Section>
          <Section title={UI_TEXT.sectionConsents}>
            <Detail label={ADMIN_TEXT.privacyConsentLabel} className="max-sm:col-span-2">
              {yesNo(p.privacyPolicyConsent)}
            </Detail>
            <Detail label={ADMIN_TEXT.communicationConsentShort} className="max-sm:col-span-2">
              {yesNo(p.communicationConsent)}
            </Detail>
          </Section>
          <section className="border-t border-slate-200 pt-4">
            <h3 className="text-sm font-semibold text-emerald-800">{ADMIN_TEXT.sectionDescription}</h3>
            <p className="mt-2 whitespace-pre-line break-words text-sm text-slate-900">
              {p.descrizione || <span className="text-slate-500">{ADMIN_TEXT.noDescriptionGiven}</span>}
            </p>
          </section>
        </>
      ) : null}
    </div>
  );
}
