/**
 * What this browser can do about push notifications (decision 096), read from what it exposes: the section shows one
 * state and one way forward for each.
 */

export type TPushState =
  /** No service worker, PushManager or Notification: nothing to offer. */
  | 'unsupported'
  /** An iPhone or iPad in Safari: push only reaches the app added to the home screen. */
  | 'ios-not-installed'
  /** The user blocked notifications for the site: only the browser's settings can undo it. */
  | 'denied'
  /** Possible, not on in this browser: the button asks (after a click only). */
  | 'off'
  /** This browser has a subscription. */
  | 'on';

export interface TPushEnvironment {
  userAgent: string;
  platform: string;
  maxTouchPoints: number;
  /** Safari's navigator.standalone: true when opened from the home screen. */
  standalone: boolean | undefined;
  /** The display mode the page runs in is standalone (an installed web app elsewhere). */
  displayStandalone: boolean;
  hasServiceWorker: boolean;
  hasPushManager: boolean;
  hasNotification: boolean;
  permission: NotificationPermission | undefined;
}

/** An iPhone, iPad or iPod, including an iPad that says it is a Mac (iPadOS 13 and later). */
export function isAppleMobile(env: Pick<TPushEnvironment, 'userAgent' | 'platform' | 'maxTouchPoints'>): boolean {
  return /iPad|iPhone|iPod/.test(env.userAgent) || (env.platform === 'MacIntel' && env.maxTouchPoints > 1);
}

/** The state before looking for a subscription ('off' then becomes 'on' when this browser has one). */
export function pushStateOf(env: TPushEnvironment): Exclude<TPushState, 'on'> {
  if (isAppleMobile(env) && env.standalone !== true && !env.displayStandalone) return 'ios-not-installed';
  if (!env.hasServiceWorker || !env.hasPushManager || !env.hasNotification) return 'unsupported';
  if (env.permission === 'denied') return 'denied';
  return 'off';
}

/** This browser's environment, as pushStateOf reads it. */
export function currentPushEnvironment(): TPushEnvironment {
  const nav = navigator as Navigator & { standalone?: boolean };
  return {
    userAgent: nav.userAgent,
    platform: nav.platform,
    maxTouchPoints: nav.maxTouchPoints ?? 0,
    standalone: nav.standalone,
    displayStandalone: typeof matchMedia === 'function' && matchMedia('(display-mode: standalone)').matches,
    hasServiceWorker: 'serviceWorker' in nav,
    hasPushManager: typeof window !== 'undefined' && 'PushManager' in window,
    hasNotification: typeof Notification !== 'undefined',
    permission: typeof Notification !== 'undefined' ? Notification.permission : undefined,
  };
}

/** The server's base64url VAPID key as the bytes PushManager.subscribe takes (applicationServerKey). */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(value.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
