/** A notification's link as an in-app path (the mails carry full addresses of this site); null for anywhere else. */
export function inAppPath(link: string, origin: string = window.location.origin): string | null {
  try {
    const url = new URL(link, origin);
    return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}
