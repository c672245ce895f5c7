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
  ZTokenPairSchema,
} from '@farmaponte/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authenticate, sessionUser } from '../../lib/auth-guard';
import { badRequest, notFound, unauthorized } from '../../lib/errors';
import { createAccount } from '../account';
import { sendConfirmationLink } from '../email-verification';
import {
  checkCredentials,
  clearAddressAttempts,
  countAgainstAccount,
  issueTokens,
  mailResetLink,
  resetPassword,
  revokeAllSessions,
  revokeFamilyOf,
  rotateRefreshToken,
  takeAccountAttempt,
} from './service';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const windowMs = app.config.RATE_LIMIT_WINDOW_SECONDS * 1000;
  const perIp = { rateLimit: { max: app.config.AUTH_MAX_PER_IP, timeWindow: windowMs } };
  const limits = {
    counters: app.counters,
    windowMs,
    maxPerAddress: app.config.LOGIN_MAX_FAILURES_PER_ADDRESS,
    maxPerAccount: app.config.LOGIN_MAX_FAILURES_PER_ACCOUNT,
  };
  const errors = { 400: ZErrorSchema, 401: ZErrorSchema, 404: ZErrorSchema, 409: ZErrorSchema, 429: ZErrorSchema };

  app.post(
    '/token/',
    {
      config: perIp,
      schema: {
        operationId: 'login',
        security: [],
        tags: ['auth'],
        summary: 'Accesso: restituisce access e refresh token',
        body: ZLoginSchema,
        response: { 200: ZTokenPairSchema, ...errors },
      },
    },
    async (request) => {
      const email = request.body.username.toLowerCase();
      await takeAccountAttempt(limits, 'login', email, request.ip);
      const user = await checkCredentials(app.db, email, request.body.password);
      if (!user) {
        await countAgainstAccount(limits, 'login', email);
        throw unauthorized(MESSAGES.loginFailed, 'invalid_credentials', MESSAGES.loginFailed);
      }
      await clearAddressAttempts(limits, 'login', email, request.ip);
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
      const userId = await revokeFamilyOf(app.db, app.jwt, request.body.refresh, app.now());
      if (userId !== undefined) app.sessionUsers.forget(userId);
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
      await revokeAllSessions(app.db, id, app.now());
      app.sessionUsers.forget(id);
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
      const user = await createAccount(
        app.db,
        { email: username, password, role, profile },
        {
          // The confirmation mail is committed with the account, or neither is (decision 047).
          withAccount: (tx, created) =>
            sendConfirmationLink(tx, { userId: created.id, email: created.email, publicUrl: app.publicUrl(), now: app.now() }),
        },
      );
      return reply.code(201).send({ id: user.id, username: user.email, role: user.role, message: MESSAGES.registered });
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
      const sent = await mailResetLink(app.db, app.mailer, { email, publicUrl: app.publicUrl(), now: app.now() });
      // The client tells "no such user" apart (404, decision 005); the per-e-mail and per-IP limits bound what that reveals.
      if (!sent) throw notFound(MESSAGES.forgotUnknownUser, 'unknown_email');
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
      const userId = await resetPassword(app.db, request.body.token, request.body.password, app.now());
      if (userId === undefined) throw badRequest(MESSAGES.resetInvalidToken, 'invalid_reset_token');
      app.sessionUsers.forget(userId);
      return { message: MESSAGES.resetDone };
    },
  );
};
