/**
 * The star on an owner's application card: 'Aggiungi ai miei farmacisti', or 'Togli dai miei farmacisti' once added
 * (plugged into the applications feature by the app). The owner's favourites are read once for every card.
 */
import { INVITATION_MESSAGES, INVITATION_TEXT } from '@farmaponte/shared/invitation-text';
import { MESSAGES } from '@farmaponte/shared/messages';
import { cn } from '../../../lib/cn';
import { errorMessage, notify } from '../../../lib/notify';
import { useFavourites } from '../api/get-favourites';
import { useSetFavourite } from '../api/set-favourite';

export function FavouriteButton({ pharmacistId, className }: { pharmacistId: number; className?: string }) {
  const favourites = useFavourites();
  const setFavourite = useSetFavourite();
  // Until the list has come, the button waits rather than guess.
  if (!favourites.data) return null;
  const favourite = favourites.data.some((item) => item.pharmacist.id === pharmacistId);
  const pending = setFavourite.isPending && setFavourite.variables?.pharmacistId === pharmacistId;
  return (
    <button
      type="button"
      disabled={pending}
      aria-busy={pending || undefined}
      onClick={() =>
        setFavourite.mutate(
          { pharmacistId, favourite: !favourite },
          {
            onSuccess: () =>
              notify.success(favourite ? INVITATION_MESSAGES.favouriteRemoved : INVITATION_MESSAGES.favouriteAdded),
            onError: (error) => notify.error(errorMessage(error, MESSAGES.loadFailed)),
          },
        )
      }
      className={cn(
        'inline-flex min-h-11 items-center gap-1.5 rounded-lg px-2 text-sm font-medium text-slate-700 underline underline-offset-2',
        'hover:text-emerald-800 focus-visible:outline-2 focus-visible:outline-emerald-700 disabled:opacity-60',
        className,
      )}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className={cn('size-5', favourite ? 'fill-amber-400 text-amber-600' : 'fill-none text-slate-600')}
        stroke="currentColor"
        strokeWidth="2"
      >
        <path d="m12 3 2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9z" strokeLinejoin="round" />
      </svg>
      {favourite ? INVITATION_TEXT.favouriteRemove : INVITATION_TEXT.favouriteAdd}
    </button>
  );
}
