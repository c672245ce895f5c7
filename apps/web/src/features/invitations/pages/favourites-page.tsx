/**
 * /miei_farmacisti ('I miei farmacisti', owners): the pharmacists the owner keeps, most recently added first, each with
 * their last application or shift, 'Invita' to one of the owner's open offers, and 'Togli dai miei farmacisti'.
 */
import type { TFavouritePharmacist } from '@farmaponte/shared';
import { INVITATION_MESSAGES, INVITATION_TEXT } from '@farmaponte/shared/invitation-text';
import { MESSAGES } from '@farmaponte/shared/messages';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { useId, useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { QueryLoadError } from '../../../components/ui/load-error';
import { PageSpinner } from '../../../components/ui/spinner';
import { ApplicationStatusBadge } from '../../../components/ui/status-badge';
import { TextLink } from '../../../components/ui/text-link';
import { formatDate } from '../../../lib/dates';
import { errorMessage, notify } from '../../../lib/notify';
import { offerPeriod } from '../../../lib/offer-period';
import { pageTitle } from '../../../lib/page-title';
import { PATHS } from '../../../lib/paths';
import { useFavourites } from '../api/get-favourites';
import { useSetFavourite } from '../api/set-favourite';
import { InviteButton } from '../components/invite-button';

export function FavouritesPage() {
  const favourites = useFavourites();
  const headingRef = useRef<HTMLHeadingElement>(null);
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:py-10">
      <title>{pageTitle(INVITATION_TEXT.favouritesTitle)}</title>
      <TextLink to={PATHS.myOffers} className="inline-flex min-h-11 items-center gap-1 text-base">
        <span aria-hidden="true">←</span> {UI_TEXT.myOffers}
      </TextLink>
      <h1 ref={headingRef} tabIndex={-1} className="mt-2 text-2xl font-bold text-slate-900 focus:outline-none sm:text-3xl">
        {INVITATION_TEXT.favouritesTitle}
      </h1>
      <p className="mt-2 text-base text-slate-700">{INVITATION_TEXT.favouritesIntro}</p>
      {favourites.data ? (
        favourites.data.length ? (
          <ul className="mt-6 grid grid-cols-1 gap-4 md:grid-cols-2 md:gap-6">
            {favourites.data.map((favourite) => (
              <li key={favourite.pharmacist.id}>
                <FavouriteCard favourite={favourite} onRemoved={() => headingRef.current?.focus()} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-6 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-base text-slate-700">
            {INVITATION_TEXT.favouritesEmpty}
          </p>
        )
      ) : favourites.isError ? (
        <QueryLoadError query={favourites} className="mt-6 text-base" />
      ) : (
        <PageSpinner />
      )}
    </div>
  );
}

function FavouriteCard({ favourite, onRemoved }: { favourite: TFavouritePharmacist; onRemoved: () => void }) {
  const nameId = useId();
  const remove = useSetFavourite();
  const { pharmacist, last_application: last } = favourite;
  const name = `${pharmacist.name} ${pharmacist.surname}`.trim();
  const period = last ? offerPeriod(last.date_from, last.date_to) : null;
  return (
    <article
      aria-labelledby={nameId}
      className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id={nameId} className="break-words text-lg font-semibold text-slate-900">
        {name}
      </h2>
      <p className="text-sm font-medium text-emerald-800">{[pharmacist.titolo, pharmacist.comune].filter(Boolean).join(' · ')}</p>
      {pharmacist.albo_verified ? (
        <p className="mt-2">
          <span className="inline-flex items-center gap-1 rounded-full border border-emerald-300 bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold text-emerald-900">
            <span aria-hidden="true">✓</span>
            {INVITATION_TEXT.albo}
          </span>
        </p>
      ) : null}
      {last ? (
        <div className="mt-3 text-sm">
          <p className="text-slate-600">
            {last.status === 'accepted' ? INVITATION_TEXT.lastShiftLabel : INVITATION_TEXT.lastApplicationLabel}
          </p>
          <p className="flex flex-wrap items-center gap-2 text-slate-900">
            <span className="break-words font-medium">{last.title}</span>
            {period ? <span>{period}</span> : null}
            <ApplicationStatusBadge status={last.status} />
          </p>
        </div>
      ) : null}
      <p className="mt-3 text-xs text-slate-600">{INVITATION_TEXT.favouriteAddedOn(formatDate(favourite.added_at))}</p>
      <div className="mt-auto flex flex-wrap gap-3 pt-4 [&>button]:flex-1 sm:[&>button]:flex-none">
        <InviteButton pharmacist={pharmacist} aria-describedby={nameId} />
        <Button
          variant="secondary"
          aria-label={INVITATION_TEXT.favouriteRemoveFor(name)}
          loading={remove.isPending}
          onClick={() =>
            remove.mutate(
              { pharmacistId: pharmacist.id, favourite: false },
              {
                onSuccess: () => {
                  notify.success(INVITATION_MESSAGES.favouriteRemoved);
                  onRemoved();
                },
                onError: (error) => notify.error(errorMessage(error, MESSAGES.loadFailed)),
              },
            )
          }
        >
          {INVITATION_TEXT.favouriteRemove}
        </Button>
      </div>
    </article>
  );
}
