/**
 * Retention (decision 068): the keep link of a warning mail (GET asks what it keeps, POST keeps: mail scanners open
 * links, so the GET changes nothing), and the periods the privacy page states.
 */
import {
  MESSAGES,
  ZErrorSchema,
  ZRetentionKeptSchema,
  ZRetentionNoticeSchema,
  ZRetentionPeriodsSchema,
  ZRetentionTokenSchema,
} from '@farmaponte/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findNotice, keepWithToken } from './service';

export const retentionRoutes: FastifyPluginAsyncZod = async (app) => {
  const errors = { 400: ZErrorSchema, 404: ZErrorSchema, 429: ZErrorSchema };
  // No login: the link is opened from the mail. Limited per address like the other links with a token.
  const perIp = { rateLimit: { max: app.config.AUTH_MAX_PER_IP, timeWindow: app.config.RATE_LIMIT_WINDOW_SECONDS * 1000 } };

  app.get(
    '/retention/keep/',
    {
      config: perIp,
      schema: {
        operationId: 'getRetentionNotice',
        security: [],
        tags: ['retention'],
        summary:
          'Cosa conserva il link di un avviso di cancellazione, e quando sarebbe cancellato (404 se sconosciuto o già usato)',
        querystring: ZRetentionTokenSchema,
        response: { 200: ZRetentionNoticeSchema, ...errors },
      },
    },
    async (request) => {
      const notice = await findNotice(app.db, request.query.token, app.now());
      return { kind: notice.kind, erases_at: notice.erasesAt.toISOString() };
    },
  );

  app.post(
    '/retention/keep/',
    {
      config: perIp,
      schema: {
        operationId: 'keepFromRetention',
        security: [],
        tags: ['retention'],
        summary:
          "Conserva l'account o il CV dell'avviso: il periodo riparte da adesso (404 se il link è sconosciuto o già usato)",
        body: ZRetentionTokenSchema,
        response: { 200: ZRetentionKeptSchema, ...errors },
      },
    },
    async (request) => {
      const kind = await keepWithToken(app.db, request.body.token, app.now());
      return { kind, message: kind === 'account' ? MESSAGES.retentionAccountKept : MESSAGES.retentionCvKept };
    },
  );

  app.get(
    '/privacy/retention/',
    {
      config: perIp,
      schema: {
        operationId: 'getRetentionPeriods',
        security: [],
        tags: ['retention'],
        summary: "Per quanto tempo sono conservati i dati: i periodi configurati, come li dichiara l'informativa privacy",
        response: { 200: ZRetentionPeriodsSchema, 429: ZErrorSchema },
      },
    },
    async () => {
      const c = app.config;
      return {
        contact_days: c.CONTACT_RETENTION_DAYS,
        account_inactivity_months: c.ACCOUNT_INACTIVITY_MONTHS,
        cv_months: c.CV_RETENTION_MONTHS,
        warning_days: c.RETENTION_WARNING_DAYS,
        read_notification_months: c.READ_NOTIFICATION_RETENTION_MONTHS,
        sent_mail_days: c.SENT_MAIL_RETENTION_DAYS,
        audit_days: c.AUDIT_RETENTION_DAYS,
      };
    },
  );
};
