/**
 * The group report (decision 091): the shifts, hours and spend of the pharmacies an organisation's person may see, and
 * the month's statement as CSV or PDF. Read by anyone of the organisation (consultazione too), each over the
 * pharmacies they act for; the pharmacy of `X-Farmacia` only chooses the organisation.
 */
import { MESSAGES, monthRange, todayInItaly, ZErrorSchema } from '@farmaponte/shared';
import {
  GROUP_STATEMENT_TEXT,
  ZGroupReportQuerySchema,
  ZGroupReportSchema,
  ZGroupStatementQuerySchema,
} from '@farmaponte/shared/group-report';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bodyOf } from '../../lib/api-docs';
import { requireOwner } from '../../lib/auth-guard';
import { unauthorized } from '../../lib/errors';
import { groupReport, reportScope } from './service';
import { monthStatement, statementSubject } from './statement';
import { statementCsv } from './statement-csv';
import { buildGroupStatementPdf } from './statement-pdf';

/** 'YYYY-MM' as numbers; without it, this month in Italy. */
function monthOf(asked: string | undefined, now: Date) {
  const [year, month] = (asked ?? todayInItaly(now).slice(0, 7)).split('-').map(Number) as [number, number];
  return { year, month };
}

/** The pharmacies the person behind requireOwner may see in the organisation of the pharmacy they act for. */
function scopeOf(request: FastifyRequest) {
  if (!request.owner) throw unauthorized(MESSAGES.notAuthenticated);
  return reportScope(request.server.db, request.owner.actorId, request.owner.organisationId);
}

export const groupReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const errors = { 400: ZErrorSchema, 401: ZErrorSchema, 403: ZErrorSchema, 404: ZErrorSchema };
  const security = [{ bearer: [] }];

  app.get(
    '/organisation/report/',
    {
      onRequest: requireOwner('read', { group: true }),
      schema: {
        operationId: 'getGroupReport',
        tags: ['organisation'],
        summary:
          'Il quadro del gruppo in un periodo (il mese in corso senza date, al massimo un anno): turni aperti, coperti e scoperti per farmacia e settimana, ore e spesa per farmacia e per farmacista, paga oraria media e totali',
        security,
        querystring: ZGroupReportQuerySchema,
        response: { 200: ZGroupReportSchema, ...errors },
      },
    },
    async (request) => {
      const now = app.now();
      const { from, to } = request.query;
      const { year, month } = monthOf(undefined, now);
      const range = from && to ? { from, to } : monthRange(year, month);
      return groupReport(app.db, await scopeOf(request), range, now);
    },
  );

  app.get(
    '/organisation/report/statement/',
    {
      onRequest: requireOwner('read', { group: true }),
      schema: {
        operationId: 'getGroupStatement',
        tags: ['organisation'],
        summary:
          "L'estratto mensile dei turni lavorati (data, farmacia, farmacista, ore, paga oraria, importo) con i totali per farmacia e del gruppo, in CSV per Excel o in PDF; senza farmacia, tutte quelle che si possono vedere",
        security,
        querystring: ZGroupStatementQuerySchema,
        response: {
          200: {
            description: "L'estratto del mese",
            content: { ...bodyOf('text/csv', '').content, ...bodyOf('application/pdf', '').content },
          },
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const now = app.now();
      const { month: asked, pharmacy, format } = request.query;
      const statement = await monthStatement(app.db, await scopeOf(request), pharmacy, monthOf(asked, now), now);
      const period = `${statement.year}-${String(statement.month).padStart(2, '0')}`;
      const fileName = GROUP_STATEMENT_TEXT.fileName(
        statementSubject(statement, GROUP_STATEMENT_TEXT.groupSubject),
        period,
        format,
      );
      reply.header('content-disposition', `attachment; filename="${fileName}"`).header('cache-control', 'no-store');
      if (format === 'csv') return reply.header('content-type', 'text/csv; charset=utf-8').send(statementCsv(statement));
      const pdf = await buildGroupStatementPdf(statement, now);
      return reply
        .header('content-type', 'application/pdf')
        .send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength) as never); // binary body: no JSON serializer
    },
  );
};
