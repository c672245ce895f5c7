/** The one-click unsubscribe link of a notification e-mail: who and which type, signed, so it works without logging in. */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_TYPES, type TNotificationType } from '@farmaponte/shared';

export interface TUnsubscribeTokens {
  sign(userId: number, type: TNotificationType): string;
  /** The user and type a token names, or null when it is not one this server signed. */
  verify(token: string): { userId: number; type: TNotificationType } | null;
}

export function createUnsubscribeTokens(secret: string): TUnsubscribeTokens {
  // A key of its own, derived from the server's secret: an unsubscribe token is never valid as anything else.
  const key = createHmac('sha256', secret).update('farmaponte:unsubscribe').digest();
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');
  return {
    sign(userId, type) {
      const payload = `${userId}.${type}`;
      return `${payload}.${mac(payload)}`;
    },
    verify(token) {
      const [id, type, signature, ...rest] = token.split('.');
      if (!id || !type || !signature || rest.length || !/^\d{1,10}$/.test(id)) return null;
      if (!(NOTIFICATION_TYPES as readonly string[]).includes(type)) return null;
      const expected = Buffer.from(mac(`${id}.${type}`));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      return { userId: Number(id), type: type as TNotificationType };
    },
  };
}
