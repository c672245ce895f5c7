/** Two-step login (decision 063, docs/rules.md#sessions): turning it on and off, and the login's second step. */
import {
  MESSAGES,
  ZErrorSchema,
  ZMessageSchema,
  ZSecondStepDisableSchema,
  ZSecondStepEnabledSchema,
  ZSecondStepEnableSchema,
  ZSecondStepLoginSchema,
  ZSecondStepResetSchema,
  ZSecondStepSetupInputSchema,
  ZSecondStepSetupSchema,
  ZSecondStepStatusSchema,
  ZTokenPairSchema,
  ZUserIdParamsSchema,
} from '@farmaponte/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authenticate, requireRole, sessionUser } from '../../lib/auth-guard';
import { HttpError } from '../../lib/errors';
import { accountLimits, clearAddressAttempts, countAgainstAccount, takeAccountAttempt } from '../sessions';
import {
  challengeOwner,
  disableSecondStep,
  enableSecondStep,
  finishSecondStep,
  resetSecondStepByAdmin,
  secondStepStatus,
  setUpSecondStep,
} from './service';

/** The answers of a code that did not pass: they count towards the second step's limits, like failed logins. */
const FAILED_CODES = new Set(['invalid_second_step_code', 'second_step_failed', 'invalid_password']);

export const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const windowMs = app.config.RATE_LIMIT_WINDOW_SECONDS * 1000;
  const perIp = { rateLimit: { max: app.config.AUTH_MAX_PER_IP, timeWindow: windowMs } };
  const limits = accountLimits(app.config, app.counters);
  const errors = { 400: ZErrorSchema, 401: ZErrorSchema, 409: ZErrorSchema, 429: ZErrorSchema };
  const asUser = { onRequest: authenticate, security: [{ bearer: [] }] };

  /**
   * Runs a check of a code for this account from this address within the lockout counters of decision 019 (on their
   * own key, `second-step`): a failure counts, a success clears the address's tries.
   */
  async function limited<T>(email: string, address: string, check: () => Promise<T>): Promise<T> {
    await takeAccountAttempt(limits, 'second-step', email, address);
    try {
      const result = await check();
      await clearAddressAttempts(limits, 'second-step', email, address);
      return result;
    } catch (error) {
      if (error instanceof HttpError && FAILED_CODES.has(error.code)) await countAgainstAccount(limits, 'second-step', email);
      throw error;
    }
  }

  app.get(
    '/user/2fa/',
    {
      onRequest: asUser.onRequest,
      schema: {
        operationId: 'getSecondStep',
        tags: ['two-factor'],
        summary: "Stato dell'accesso in due passaggi dell'utente",
        security: asUser.security,
        response: { 200: ZSecondStepStatusSchema, 401: ZErrorSchema },
      },
    },
    async (request) => {
      const user = sessionUser(request);
      const status = await secondStepStatus(app.db, user.id);
      return { ...status, required: user.role === 'admin' && app.config.REQUIRE_ADMIN_2FA };
    },
  );

  app.post(
    '/user/2fa/setup/',
    {
      onRequest: asUser.onRequest,
      schema: {
        operationId: 'setUpSecondStep',
        tags: ['two-factor'],
        summary:
          "Nuovo segreto per l'app di autenticazione, con la password dell'account (non attivo finché non arriva il primo codice)",
        security: asUser.security,
        body: ZSecondStepSetupInputSchema,
        response: { 200: ZSecondStepSetupSchema, ...errors },
      },
    },
    async (request) => {
      const user = sessionUser(request);
      return limited(user.email, request.ip, () => setUpSecondStep(app.db, app.secretBox, user, request.body.password));
    },
  );

  app.post(
    '/user/2fa/enable/',
    {
      onRequest: asUser.onRequest,
      schema: {
        operationId: 'enableSecondStep',
        tags: ['two-factor'],
        summary:
          "Attiva l'accesso in due passaggi con la password e un codice dell'app: restituisce i dieci codici di recupero (e avvisa per e-mail)",
        security: asUser.security,
        body: ZSecondStepEnableSchema,
        response: { 200: ZSecondStepEnabledSchema, ...errors },
      },
    },
    async (request) => {
      const user = sessionUser(request);
      const recoveryCodes = await limited(user.email, request.ip, () =>
        enableSecondStep(app.db, app.secretBox, user.id, request.body, { now: app.now(), publicUrl: app.publicUrl() }),
      );
      return { message: MESSAGES.secondStepEnabled, recoveryCodes };
    },
  );

  app.post(
    '/user/2fa/disable/',
    {
      onRequest: asUser.onRequest,
      schema: {
        operationId: 'disableSecondStep',
        tags: ['two-factor'],
        summary: "Disattiva l'accesso in due passaggi con la password e un codice (dell'app o di recupero; avvisa per e-mail)",
        security: asUser.security,
        body: ZSecondStepDisableSchema,
        response: { 200: ZMessageSchema, ...errors },
      },
    },
    async (request) => {
      const user = sessionUser(request);
      await limited(user.email, request.ip, () =>
        disableSecondStep(app.db, app.secretBox, user.id, request.body, { now: app.now(), publicUrl: app.publicUrl() }),
      );
      return { message: MESSAGES.secondStepDisabled };
    },
  );

  app.post(
    '/admin/users/:id/2fa/reset/',
    {
      onRequest: requireRole('admin'),
      schema: {
        operationId: 'resetSecondStep',
        tags: ['two-factor'],
        summary:
          "Disattiva l'accesso in due passaggi di chi ha perso telefono e codici di recupero (motivo nel registro, sessioni terminate, e-mail alla persona)",
        security: asUser.security,
        params: ZUserIdParamsSchema,
        body: ZSecondStepResetSchema,
        response: {
          200: ZMessageSchema,
          400: ZErrorSchema,
          401: ZErrorSchema,
          403: ZErrorSchema,
          404: ZErrorSchema,
          409: ZErrorSchema,
        },
      },
    },
    async (request) => {
      const { id, email } = sessionUser(request);
      await resetSecondStepByAdmin(app.db, app.events, { id, email }, request.params.id, request.body.reason, {
        now: app.now(),
        publicUrl: app.publicUrl(),
      });
      return { message: MESSAGES.secondStepReset };
    },
  );

  app.post(
    '/token/2fa/',
    {
      config: perIp,
      schema: {
        operationId: 'loginSecondStep',
        security: [],
        tags: ['auth'],
        summary: "Secondo passaggio dell'accesso: il codice della sfida restituisce access e refresh token",
        body: ZSecondStepLoginSchema,
        response: { 200: ZTokenPairSchema, 400: ZErrorSchema, 401: ZErrorSchema, 429: ZErrorSchema },
      },
    },
    async (request) => {
      const { challenge, code } = request.body;
      const owner = await challengeOwner(app.db, challenge, app.now());
      return limited(owner.email, request.ip, () =>
        finishSecondStep(app.db, { jwt: app.jwt, box: app.secretBox }, { challenge, code, userId: owner.id }, app.now()),
      );
    },
  );
};
