/** The header's bell: a link to /notifiche that says (and shows) how many notifications are unread. */
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { NavLink } from 'react-router';
import { useUnreadCount } from '../features/notifications/api/get-unread-count';
import { cn } from '../lib/cn';
import { PATHS } from '../lib/paths';

export function NotificationBell({ className }: { className?: string }) {
  const unread = useUnreadCount().data ?? 0;
  // More than 99 does not fit the badge; the link's name still says the true number.
  const shown = unread > 99 ? '99+' : String(unread);
  return (
    <NavLink
      to={PATHS.notifications}
      aria-label={UI_TEXT.notificationsLink(unread)}
      className={({ isActive }) =>
        cn(
          'relative inline-flex size-11 items-center justify-center rounded-lg transition-colors',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700',
          isActive ? 'bg-emerald-50 text-emerald-800' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
          className,
        )
      }
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2">
        <path
          d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.94 1.94 0 0 0 3.4 0"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      {unread > 0 ? (
        <span
          aria-hidden="true"
          className="absolute right-0.5 top-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-red-700 px-1 text-xs font-bold leading-5 text-white ring-2 ring-white"
        >
          {shown}
        </span>
      ) : null}
    </NavLink>
  );
}
