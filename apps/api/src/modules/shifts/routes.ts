/**
 * Worked shifts (decision 075): the pharmacist's month with its CSV and PDF statement, the owner's month, the
 * pharmacist's corrected hours and the owner's answer to them.
 */
import {
  SHIFT_DOCUMENT_TEXT,
  SHIFT_MESSAGES,
  ZErrorSchema,
  ZHoursReviewInputSchema,
  ZShiftExportQuerySchema,
  ZShiftMonthQuerySchema,
  ZShiftParamsSchema,
  ZWorkedHoursInputSchema,
  ZWorkedShiftMonthSchema,
  ZWorkedShiftSavedSchema,
} from '@farmaponte/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bodyOf } from '../../lib/api-docs';
import { actorOf, ownerOf, requireOwner, requireRole, sessionUser } from '../../lib/auth-guard';
import { unauthorized } from '../../lib/errors';
import { workedShiftsCsv } from './csv';
import { correctWorkedHours, reviewWorkedHours } from './review';
import { statementPerson, workedShiftMonth, workedShifts } from './service';
import { buildStatementPdf } from './statement-pdf';
import { monthAsked, monthRange } from './worked-time';

const pad = (month: number) => String(month).padStart(2, '0');

export const shiftRoutes: FastifyPluginAsyncZod = async (app) => {
  const errors = { 400: ZErrorSchema, 401: ZErrorSchema, 403: ZErrorSchema };
  const security = [{ bearer: [] }];

  app.get(
    '/shifts/mine/',
    {
      onRequest: requireRole('farmacista'),
      schema: {
        operationId: 'listMyWorkedShifts',
        tags: ['shifts'],
        summary:
          'I turni lavorati in un mese (candidature accettate, giorno per giorno fino a oggi): ore, paga oraria, lordo, risposta del titolare e totali',
        security,
        querystring: ZShiftMonthQuerySchema,
        response: { 200: ZWorkedShiftMonthSchema, ...errors },
      },
    },
    async (request) =>
      workedShiftMonth(app.db, { farmacistaId: sessionUser(request).id }, monthAsked(request.query, app.now()), app.now()),
  );

  app.get(
    '/shifts/mine/export.csv',
    {
      onRequest: requireRole('farmacista'),
      schema: {
        operationId: 'exportMyWorkedShifts',
        tags: ['shifts'],
        summary:
          "I turni lavorati di un mese, o dell'anno senza mese, in CSV per Excel: UTF-8 con BOM, separatore ';', numeri all'italiana, una riga per giorno",
        security,
        querystring: ZShiftExportQuerySchema,
        response: { 200: bodyOf('text/csv', 'Il file CSV, una riga per giorno lavorato'), ...errors },
      },
    },
    async (request, reply) => {
      // A year alone is the whole year; otherwise a month, the current one for what is left out.
      const wholeYear = request.query.year !== undefined && request.query.month === undefined;
      const { year, month } = monthAsked(request.query, app.now());
      const range = wholeYear ? { from: `${year}-01-01`, to: `${year}-12-31` } : monthRange(year, month);
      const shifts = await workedShifts(app.db, { farmacistaId: sessionUser(request).id }, range, app.now());
      const period = wholeYear ? String(year) : `${year}-${pad(month)}`;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${SHIFT_DOCUMENT_TEXT.csvFileName(period)}"`)
        .header('cache-control', 'no-store')
        .send(workedShiftsCsv(shifts));
    },
  );

  app.get(
    '/shifts/mine/statement.pdf',
    {
      onRequest: requireRole('farmacista'),
      schema: {
        operationId: 'myWorkedShiftsStatement',
        tags: ['shifts'],
        summary:
          'Il riepilogo mensile dei turni lavorati in PDF, da consegnare al commercialista (importi lordi come concordati sulla piattaforma)',
        security,
        querystring: ZShiftMonthQuerySchema,
        response: { 200: bodyOf('application/pdf', 'Il riepilogo del mese'), ...errors },
      },
    },
    async (request, reply) => {
      const farmacistaId = sessionUser(request).id;
      const now = app.now();
      const [person, month] = await Promise.all([
        statementPerson(app.db, farmacistaId),
        workedShiftMonth(app.db, { farmacistaId }, monthAsked(request.query, now), now),
      ]);
      const pdf = await buildStatementPdf({ person, month, now });
      const period = `${month.year}-${pad(month.month)}`;
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${SHIFT_DOCUMENT_TEXT.statementFileName(period)}"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength) as never); // binary body: no JSON serializer
    },
  );

  app.get(
    '/shifts/owner/',
    {
      onRequest: requireOwner('read'),
      schema: {
        operationId: 'listOwnerWorkedShifts',
        tags: ['shifts'],
        summary:
          'Chi ha lavorato quali turni delle proprie offerte in un mese, quanto costano, e le ore corrette da confermare o contestare',
        security,
        querystring: ZShiftMonthQuerySchema,
        response: { 200: ZWorkedShiftMonthSchema, ...errors },
      },
    },
    async (request) => workedShiftMonth(app.db, { ownerId: ownerOf(request) }, monthAsked(request.query, app.now()), app.now()),
  );

  app.put(
    '/shifts/:applicationId/hours/',
    {
      onRequest: requireRole('farmacista'),
      schema: {
        operationId: 'correctWorkedHours',
        tags: ['shifts'],
        summary:
          "Indica o corregge le ore lavorate di alcuni giorni di un proprio turno accettato, entro 14 giorni dall'ultimo (409 dopo, o se il turno è già in una fattura); il titolare le conferma o le contesta",
        security,
        params: ZShiftParamsSchema,
        body: ZWorkedHoursInputSchema,
        response: { 200: ZWorkedShiftSavedSchema, ...errors, 404: ZErrorSchema, 409: ZErrorSchema },
      },
    },
    async (request) => {
      const { shift, pending } = await correctWorkedHours(
        app.db,
        app.events,
        sessionUser(request).id,
        request.params.applicationId,
        request.body,
        app.now(),
      );
      return { message: pending ? SHIFT_MESSAGES.hoursSaved : SHIFT_MESSAGES.hoursSavedAsOffered, shift };
    },
  );

  app.post(
    '/shifts/:applicationId/hours/review/',
    {
      onRequest: requireOwner('write'),
      schema: {
        operationId: 'reviewWorkedHours',
        tags: ['shifts'],
        summary:
          "Conferma o contesta (con una nota) le ore corrette dal farmacista per un turno di una propria offerta; conferma le ore dell'offerta di un turno finito mai corretto, o ore contestate prima (409 hours_closed se già confermate in automatico o fatturate)",
        security,
        params: ZShiftParamsSchema,
        body: ZHoursReviewInputSchema,
        response: { 200: ZWorkedShiftSavedSchema, ...errors, 404: ZErrorSchema, 409: ZErrorSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      if (!actor) throw unauthorized();
      const shift = await reviewWorkedHours(
        app.db,
        app.events,
        ownerOf(request),
        request.params.applicationId,
        request.body,
        app.now(),
        actor,
      );
      const confirmed = request.body.status === 'confirmed';
      return { message: confirmed ? SHIFT_MESSAGES.hoursConfirmed : SHIFT_MESSAGES.hoursDisputed, shift };
    },
  );
};
