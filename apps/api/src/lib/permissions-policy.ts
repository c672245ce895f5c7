/**
 * The Permissions-Policy header (decision 056): every browser feature the app does not use is switched off, for the
 * page and anything it embeds, so a script that got in could not reach the camera, the microphone, the position or a
 * payment. The app uses none of them: the search near a place takes a comune, never the browser's position. Only
 * features Chromium knows are named: it warns on the console of every page for one it does not ('bluetooth' and
 * 'web-share' on Linux), and the other browsers ignore what they do not know.
 */
export const DISABLED_BROWSER_FEATURES = [
  'accelerometer',
  'autoplay',
  'browsing-topics',
  'camera',
  'display-capture',
  'encrypted-media',
  'fullscreen',
  'gamepad',
  'geolocation',
  'gyroscope',
  'hid',
  'identity-credentials-get',
  'idle-detection',
  'local-fonts',
  'magnetometer',
  'microphone',
  'midi',
  'otp-credentials',
  'payment',
  'picture-in-picture',
  'publickey-credentials-create',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'storage-access',
  'usb',
  'window-management',
  'xr-spatial-tracking',
] as const;

export const PERMISSIONS_POLICY = DISABLED_BROWSER_FEATURES.map((feature) => `${feature}=()`).join(', ');
