/**
 * Signed CV download links (docs/rules.md#cvs, decision 008): bound to the reader, valid LIMITS.cvLinkTtlSeconds. An
 * owner's link also names the application its card shows, signed with the rest (decision 067).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { LIMITS } from '@farmaponte/shared';

/** `publicUrl` is asked at each link: the real port is known only once the server listens (lib/public-url.ts). */
export function createCvLinks(secret: string, publicUrl: () => string, now: () => Date) {
  const sign = (cvOwnerId: number, viewerId: number, expires: number, applicationId?: number) =>
    createHmac('sha256', `cv:${secret}`)
      .update(`${cvOwnerId}.${viewerId}.${expires}${applicationId ? `.a${applicationId}` : ''}`)
      .digest('base64url');
  return {
    /** A link to cvOwner's CV for viewer, valid LIMITS.cvLinkTtlSeconds; through an application for an owner. */
    linkFor(cvOwnerId: number, viewerId: number, applicationId?: number): string {
      const expires = Math.floor(now().getTime() / 1000) + LIMITS.cvLinkTtlSeconds;
      const signature = sign(cvOwnerId, viewerId, expires, applicationId);
      const application = applicationId ? `&application=${applicationId}` : '';
      return `${publicUrl()}/api/cv/${cvOwnerId}/?viewer=${viewerId}&expires=${expires}&signature=${signature}${application}`;
    },
    verify(cvOwnerId: number, viewerId: number, expires: number, signature: string, applicationId?: number): boolean {
      if (expires < Math.floor(now().getTime() / 1000)) return false;
      const expected = Buffer.from(sign(cvOwnerId, viewerId, expires, applicationId));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
export type TCvLinks = ReturnType<typeof createCvLinks>;
