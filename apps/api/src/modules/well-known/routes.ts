import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { securityTxt } from './security-txt';

/** The files under /.well-known/ (outside /api): security.txt (decision 056). */
export const wellKnownRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/.well-known/security.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(securityTxt({ contact: app.config.SECURITY_CONTACT, publicUrl: app.publicUrl(), now: app.now() })),
  );
};
