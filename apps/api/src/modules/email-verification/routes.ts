/** Confirming an e-mail address (decision 047): the link from the mail, and 'Invia di nuovo'. */
import { LIMITS, MESSAGES, ZErrorSchema, ZMessageSchema, ZVerifyEmailSchema } from '@farmaponte/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authenticate, sessionUser } from '../../lib/auth-guard';
import { confirmEmail, resendConfirmationLink } from './service';

export const emailVerificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const errors = { 400: ZErrorSchema, 401: ZErrorSchema, 409: ZErrorSchema, 429: ZErrorSchema };

  app.post(
    '/user/verify-email/',
    {
      // No login: the link may be opened on another device. Limited per address like the other anonymous routes.
      config: { rateLimit: { max: app.config.AUTH_MAX_PER_IP, timeWindow: app.config.RATE_LIMIT_WINDOW_SECONDS * 1000 } },
      schema: {
        operationId: 'verifyEmail',
        security: [],
        tags: ['auth'],
        summary: "Conferma l'indirizzo email con il token del link ricevuto (400 se sconosciuto, già usato o scaduto)",
        body: ZVerifyEmailSchema,
        response: { 200: ZMessageSchema, ...errors },
      },
    },
    async (request) => {
      await confirmEmail(app.db, request.body.token, app.now());
      return { message: MESSAGES.emailConfirmed };
    },
  );

  app.post(
    '/user/verify-email/resend/',
    {
      onRequest: authenticate,
      schema: {
        operationId: 'resendVerificationEmail',
        tags: ['auth'],
        summary: `Invia di nuovo l'email di conferma (al massimo ${LIMITS.emailConfirmationResendsPerHour} all'ora); 409 se l'indirizzo è già confermato`,
        security: [{ bearer: [] }],
        response: { 200: ZMessageSchema, ...errors },
      },
    },
    async (request) => {
      await resendConfirmationLink(app.db, app.counters, sessionUser(request).id, { publicUrl: app.publicUrl(), now: app.now() });
      return { message: MESSAGES.emailConfirmationSent };
    },
  );
};
