/**
 * /notifiche: the user's notifications, newest first, a page at a time. Unread ones stand out ('Nuova'); opening one
 * marks it read, and 'Segna tutte come lette' clears the bell.
 */
import type { TNotification } from '@farmaponte/shared';
import { MESSAGES } from '@farmaponte/shared/messages';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { THREAD_TEXT } from '@farmaponte/shared/ui-text-messages';
import { useEffect, useId, useMemo, useRef } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { QueryLoadError } from '../../../components/ui/load-error';
import { PageSpinner } from '../../../components/ui/spinner';
import { TextLink } from '../../../components/ui/text-link';
import { useUserDetails } from '../../../lib/api/get-user-details';
import { cn } from '../../../lib/cn';
import { formatDateTime } from '../../../lib/dates';
import { errorMessage, notify } from '../../../lib/notify';
import { pageTitle } from '../../../lib/page-title';
import { PATHS } from '../../../lib/paths';
import { useNotifications } from '../api/get-notifications';
import { useMarkNotificationsRead } from '../api/mark-notifications-read';
import { inAppPath } from '../lib/in-app-path';

export function NotificationsPage() {
  const query = useNotifications();
  const markRead = useMarkNotificationsRead();
  const role = useUserDetails().data?.role;
  const listRef = useRef<HTMLUListElement>(null);
  const focusFrom = useRef<number | null>(null);

  const { notifications, total, unread, messagesUnread } = useMemo(() => {
    const pages = query.data?.pages ?? [];
    const seen = new Set<number>();
    const list: TNotification[] = [];
    // A notification arriving between two pages shifts the next page: show each one once.
    for (const page of pages)
      for (const notification of page.results)
        if (!seen.has(notification.id)) {
          seen.add(notification.id);
          list.push(notification);
        }
    const first = pages[0];
    return {
      notifications: list,
      total: pages.at(-1)?.count ?? list.length,
      unread: first?.unread ?? 0,
      messagesUnread: first?.messages_unread ?? 0,
    };
  }, [query.data]);

  useEffect(() => {
    // After 'Mostra notifiche precedenti', the keyboard continues from the first new one.
    const from = focusFrom.current;
    if (from === null || notifications.length <= from) return;
    focusFrom.current = null;
    (listRef.current?.children[from] as HTMLElement | undefined)?.focus();
  }, [notifications.length]);

  function mark(ids?: number[]) {
    markRead.mutate(ids, { onError: (error) => notify.error(errorMessage(error, MESSAGES.loadFailed)) });
  }

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:py-10">
      <title>{pageTitle(UI_TEXT.notifications)}</title>
      <TextLink to={PATHS.home} className="inline-flex min-h-11 items-center gap-1 text-base">
        <span aria-hidden="true">←</span> {UI_TEXT.backHome}
      </TextLink>
      <h1 className="mt-2 text-2xl font-bold text-slate-900 sm:text-3xl">{UI_TEXT.notifications}</h1>
      <p className="mt-2 text-base text-slate-700">{UI_TEXT.notificationsIntro}</p>
      {messagesUnread > 0 && role !== 'admin' ? (
        // The threads' messages are counted apart from the notifications (decision 072): where to read them.
        <p className="mt-4 rounded-lg bg-emerald-50 px-4 py-3 text-base text-emerald-900">
          {THREAD_TEXT.unreadLine(messagesUnread)}{' '}
          <TextLink to={role === 'titolare' ? PATHS.applications : PATHS.myApplications}>{THREAD_TEXT.openApplications}</TextLink>
        </p>
      ) : null}
      {query.data ? (
        notifications.length ? (
          <>
            <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
              <p role="status" className="text-base font-medium text-slate-800">
                {UI_TEXT.notificationsUnread(unread)}
              </p>
              {unread > 0 ? (
                <Button
                  variant="secondary"
                  className="w-full sm:w-auto"
                  loading={markRead.isPending && markRead.variables === undefined}
                  onClick={() => mark()}
                >
                  {UI_TEXT.notificationsMarkAll}
                </Button>
              ) : null}
            </div>
            <ul ref={listRef} className="mt-4 flex flex-col gap-3">
              {notifications.map((notification) => (
                <li key={notification.id} tabIndex={-1} className="rounded-2xl focus:outline-2 focus:outline-emerald-700">
                  <NotificationCard
                    notification={notification}
                    onMarkRead={() => mark([notification.id])}
                    marking={markRead.isPending && markRead.variables?.includes(notification.id) === true}
                  />
                </li>
              ))}
            </ul>
            {total > notifications.length ? (
              <p className="mt-4 text-center text-sm text-slate-600">{UI_TEXT.notificationsShown(notifications.length, total)}</p>
            ) : null}
            {query.hasNextPage ? (
              <div className="mt-4 flex justify-center">
                <Button
                  variant="secondary"
                  size="lg"
                  loading={query.isFetchingNextPage}
                  onClick={() => {
                    focusFrom.current = notifications.length;
                    void query.fetchNextPage();
                  }}
                >
                  {UI_TEXT.notificationsLoadMore}
                </Button>
              </div>
            ) : null}
          </>
        ) : (
          <p className="mt-6 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-base text-slate-700">
            {UI_TEXT.notificationsEmpty}
          </p>
        )
      ) : query.isError ? (
        <QueryLoadError query={query} className="mt-6 text-base" />
      ) : (
        <PageSpinner />
      )}
    </div>
  );
}

function NotificationCard({
  notification,
  onMarkRead,
  marking,
}: {
  notification: TNotification;
  onMarkRead: () => void;
  marking: boolean;
}) {
  const titleId = useId();
  const path = notification.link ? inAppPath(notification.link) : null;
  const openClasses = buttonClasses(notification.read ? 'secondary' : 'primary', 'md');
  const openLabel = (
    <>
      {UI_TEXT.notificationOpen}
      <span className="sr-only"> {notification.title}</span>
    </>
  );
  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        'flex flex-col gap-3 rounded-2xl border bg-white p-4 shadow-sm sm:p-5',
        notification.read ? 'border-slate-200' : 'border-emerald-300 border-l-4 border-l-emerald-700',
      )}
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        {notification.read ? null : (
          <span className="rounded-full bg-emerald-700 px-2 py-0.5 text-xs font-semibold uppercase tracking-wide text-white">
            {UI_TEXT.notificationUnreadBadge}
          </span>
        )}
        <h2
          id={titleId}
          className={cn('break-words text-base text-slate-900', notification.read ? 'font-medium' : 'font-semibold')}
        >
          {notification.title}
        </h2>
      </div>
      <p className="whitespace-pre-line break-words text-sm text-slate-700">{notification.body}</p>
      <p className="text-xs text-slate-600">
        <time dateTime={notification.created_at}>{formatDateTime(notification.created_at)}</time>
      </p>
      <div className="flex gap-2 [&>*]:flex-1 sm:[&>*]:flex-none">
        {notification.link ? (
          path ? (
            <Link to={path} className={openClasses} onClick={notification.read ? undefined : onMarkRead}>
              {openLabel}
            </Link>
          ) : (
            <a href={notification.link} className={openClasses} onClick={notification.read ? undefined : onMarkRead}>
              {openLabel}
            </a>
          )
        ) : null}
        {notification.read ? null : (
          <Button variant="ghost" loading={marking} onClick={onMarkRead} aria-describedby={titleId}>
            {UI_TEXT.notificationMarkRead}
          </Button>
        )}
      </div>
    </article>
  );
}
