import { describe, expect, it } from 'vitest';
import { base64UrlToBytes, pushStateOf, type TPushEnvironment } from './push-support';

const chrome: TPushEnvironment = {
  userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36',
  platform: 'Linux armv8l',
  maxTouchPoints: 5,
  standalone: undefined,
  displayStandalone: false,
  hasServiceWorker: true,
  hasPushManager: true,
  hasNotification: true,
  permission: 'default',
};
const iphone = {
  ...chrome,
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Version/18.1 Mobile/15E148 Safari/604.1',
  platform: 'iPhone',
  standalone: false,
  hasPushManager: false,
};

describe('the push state of a browser', () => {
  it('offers the button where push works, and says what stops it elsewhere', () => {
    expect(pushStateOf(chrome)).toBe('off');
    expect(pushStateOf({ ...chrome, permission: 'granted' })).toBe('off');
    expect(pushStateOf({ ...chrome, permission: 'denied' })).toBe('denied');
    expect(pushStateOf({ ...chrome, hasPushManager: false })).toBe('unsupported');
    expect(pushStateOf({ ...chrome, hasServiceWorker: false })).toBe('unsupported');
  });

  it('tells an iPhone or iPad in Safari to install the app first, and lets the installed app subscribe', () => {
    expect(pushStateOf(iphone)).toBe('ios-not-installed');
    // An iPad says it is a Mac with a touch screen.
    expect(pushStateOf({ ...iphone, userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', platform: 'MacIntel' })).toBe(
      'ios-not-installed',
    );
    expect(pushStateOf({ ...iphone, standalone: true, hasPushManager: true })).toBe('off');
    // A Mac without touch is no iPad.
    expect(pushStateOf({ ...chrome, userAgent: 'Mozilla/5.0 (Macintosh)', platform: 'MacIntel', maxTouchPoints: 0 })).toBe('off');
  });
});

describe('the server key as bytes', () => {
  it('decodes base64url without padding', () => {
    const bytes = new Uint8Array(65).map((_, i) => (i * 37) % 256);
    const encoded = btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    expect([...base64UrlToBytes(encoded)]).toEqual([...bytes]);
  });
});
