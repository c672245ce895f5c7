/**
 * This browser's push subscription ended (decision 096): removed on the server with the token the logout held (best
 * effort: a gone subscription is removed by the server at its next push anyway), then in the browser.
 */
export async function unsubscribeThisBrowser(token: string | null): Promise<void> {
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager?.getSubscription();
  if (!subscription) return;
  if (token)
    await fetch('/api/push/subscriptions/', {
      method: 'DELETE',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ endpoint: subscription.endpoint }),
      // Within the logout's wait (push-logout.ts).
      signal: AbortSignal.timeout(2500),
    }).catch(() => undefined);
  await subscription.unsubscribe();
}
