/** Sessions, registration and password reset (docs/rules.md#sessions). */
import {
  MESSAGES,
  ZErrorSchema,
  ZForgotPasswordSchema,
  ZLoginSchema,
  ZMessageSchema,
  ZNoContentSchema,
  ZRefreshSchema,
  ZRegisteredSchema,
  ZRegisterSchema,
  ZResetPasswordSchema,
  ZSecondStepChallengeSchema,
  ZTokenPairSchema,
} from '@farmaponte/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authenticate, sessionUser } from '../../lib/auth-guard';
import { badRequest, unauthorized } from '../../lib/errors';
import { registerAccount } from '../account';
import { sendConfirmationLink } from '../email-verification';
import { enqueueMail } from '../mail';
import { recordLogin } from '../retention';
import {
  accountLimits,
  accountSuspended,
  clearAddressAttempts,
  countAgainstAccount,
  issueTokens,
  revokeAllSessions,
  revokeFamilyOf,
  rotateRefreshToken,
  takeAccountAttempt,
} from '../sessions';
import { startSecondStep } from '../two-factor';
import { registrationAttemptMail } from './registration-mail';
import { checkCredentials, requestPasswordReset, resetPassword } from './service';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const windowMs = app.config.RATE_LIMIT_WINDOW_SECONDS * 1000;
  const perIp = { rateLimit: { max: app.config.AUTH_MAX_PER_IP, timeWindow: windowMs } };
  const limits = accountLimits(app.config, app.counters);
  const errors = { 400: ZErrorSchema, 401: ZErrorSchema, 403: ZErrorSchema, 429: ZErrorSchema };

  app.post(
    '/token/',
    {
      config: perIp,
      schema: {
        operationId: 'login',
        security: [],
        tags: ['auth'],
        summary: "Accesso: restituisce access e refresh token; 202 con la sfida quando l'account ha l'accesso in due passaggi",
        body: ZLoginSchema,
        response: { 200: ZTokenPairSchema, 202: ZSecondStepChallengeSchema, ...errors },
      },
    },
    async (request, reply) => {
      const email = request.body.username.toLowerCase();
      await takeAccountAttempt(limits, 'login', email, request.ip);
      const user = await checkCredentials(app.db, email, request.body.password);
      if (!user) {
        await countAgainstAccount(limits, 'login', email);
        throw unauthorized(MESSAGES.loginFailed, 'invalid_credentials', MESSAGES.loginFailed);
      }
      await clearAddressAttempts(limits, 'login', email, request.ip);
      // Only someone who knows the password learns that the account is suspended (decision 062).
      if (user.suspendedAt) throw accountSuspended();
      // With the second step on, the password earns a challenge, and the tokens wait for its code (decision 063). Not a
      // refusal: 202, so a browser does not log the right password as a failed request (decision 083).
      const challenge = await startSecondStep(app.db, user.id, app.now());
      if (challenge)
        return reply.code(202).send({ message: MESSAGES.secondStepRequired, code: 'second_step_required' as const, challenge });
      // A login is activity, and voids the account's retention warning (decision 068).
      await recordLogin(app.db, user.id, app.now());
      return issueTokens(app.db, app.jwt, user, app.now());
    },
  );

  app.post(
    '/token/refresh/',
    {
      config: perIp,
      schema: {
        operationId: 'refreshSession',
        security: [],
        tags: ['auth'],
        summary: 'Rinnova la sessione: ruota il refresh token',
        body: ZRefreshSchema,
        response: { 200: ZTokenPairSchema, ...errors },
      },
    },
    async (request) => {
      const pair = await rotateRefreshToken(app.db, app.jwt, request.body.refresh, app.now());
      if (!pair) throw unauthorized(MESSAGES.sessionExpired, 'invalid_refresh_token');
      return pair;
    },
  );

  app.post(
    '/token/revoke/',
    {
      config: perIp,
      schema: {
        operationId: 'logout',
        security: [],
        tags: ['auth'],
        summary: 'Logout: revoca il refresh token e quelli ruotati dallo stesso accesso',
        body: ZRefreshSchema,
        response: { 204: ZNoContentSchema, ...errors },
      },
    },
    async (request, reply) => {
      await revokeFamilyOf(app.db, app.events, app.jwt, request.body.refresh, app.now());
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/token/revoke-all/',
    {
      onRequest: authenticate,
      schema: {
        operationId: 'logoutEverywhere',
        tags: ['auth'],
        summary: 'Esci da tutti i dispositivi: termina ogni sessione (anche gli access token) entro pochi secondi',
        security: [{ bearer: [] }],
        response: { 204: ZNoContentSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { id } = sessionUser(request);
      await revokeAllSessions(app.db, app.events, id, app.now());
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/user/register/',
    {
      config: perIp,
      schema: {
        operationId: 'register',
        security: [],
        tags: ['auth'],
        summary: 'Registrazione di un farmacista o di un titolare',
        body: ZRegisterSchema,
        response: { 201: ZRegisteredSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { username, password, profile } = request.body;
      const role = profile.userRole === 'titolare' ? 'titolare' : 'farmacista';
      const publicUrl = app.publicUrl();
      const now = app.now();
      // A new address and a taken one answer alike; only the mailbox learns which it was (decision 054).
      await registerAccount(
        app.db,
        { email: username, password, role, profile, now },
        {
          // The confirmation mail is committed with the account, or neither is (decision 047).
          withAccount: (tx, created) => sendConfirmationLink(tx, { userId: created.id, email: created.email, publicUrl, now }),
          // An account still unconfirmed gets a new link (it cannot log in to ask for one); a confirmed one, the warning.
          ifTaken: (tx, existing) =>
            existing.emailVerifiedAt
              ? enqueueMail(tx, { userId: existing.id, to: existing.email, ...registrationAttemptMail(publicUrl) }, now)
              : sendConfirmationLink(tx, { userId: existing.id, email: existing.email, publicUrl, now }),
        },
      );
      return reply.code(201).send({ username: username.trim().toLowerCase(), role, message: MESSAGES.registered });
    },
  );

  app.post(
    '/forgot-password/',
    {
      config: perIp,
      schema: {
        operationId: 'requestPasswordReset',
        security: [],
        tags: ['auth'],
        summary: "Invia l'e-mail con il link per ripristinare la password",
        body: ZForgotPasswordSchema,
        response: { 200: ZMessageSchema, ...errors },
      },
    },
    async (request) => {
      const email = request.body.email.toLowerCase();
      await takeAccountAttempt(limits, 'forgot', email, request.ip);
      await countAgainstAccount(limits, 'forgot', email);
      // The same answer for every address, known or not (decision 054); the mail goes only to an account.
      await requestPasswordReset(app.db, { email, publicUrl: app.publicUrl(), now: app.now() });
      return { message: MESSAGES.forgotSent };
    },
  );

  app.post(
    '/reset-password/',
    {
      config: perIp,
      schema: {
        operationId: 'resetPassword',
        security: [],
        tags: ['auth'],
        summary: 'Imposta una nuova password con il token ricevuto via e-mail',
        body: ZResetPasswordSchema,
        response: { 200: ZMessageSchema, ...errors },
      },
    },
    async (request) => {
      const userId = await resetPassword(app.db, app.events, request.body.token, request.body.password, app.now());
      if (userId === undefined) throw badRequest(MESSAGES.resetInvalidToken, 'invalid_reset_token');
      return { message: MESSAGES.resetDone };
    },
  );
};
