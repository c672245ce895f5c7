/** Applications (candidature): a pharmacist sends their stored CV to an open offer once; the owner sees what they received. */
import {
  MESSAGES,
  todayInItaly,
  ZApplyInputSchema,
  ZErrorSchema,
  ZReceivedApplicationSchema,
  ZSentApplicationSchema,
} from '@farmaponte/shared';
import { count, desc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { applications, cvFiles, offers, profiles } from '../../db/schema';
import { requireRole, sessionUser } from '../../lib/auth-guard';
import { badRequest, conflict, HttpError, notFound } from '../../lib/errors';
import { isUniqueViolation } from '../account/service';
import { hasCv } from '../cv/service';
import { offerColumns, withPosition } from '../offers/queries';

/** An owner sees the newest applications first, a page at a time; the total is in X-Total-Count. */
const ZReceivedQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(100),
});

export const applicationRoutes: FastifyPluginAsyncZod = async (app) => {
  const errors = { 400: ZErrorSchema, 401: ZErrorSchema, 403: ZErrorSchema, 404: ZErrorSchema, 409: ZErrorSchema };
  const security = [{ bearer: [] }];

  app.post(
    '/candidature/',
    {
      onRequest: requireRole('farmacista'),
      schema: {
        tags: ['applications'],
        summary: "Invia il proprio CV come candidatura a un'offerta aperta (una volta per offerta)",
        security,
        body: ZApplyInputSchema,
        response: { 201: z.object({ id: z.number(), message: z.string() }), ...errors },
      },
    },
    async (request, reply) => {
      const user = sessionUser(request);
      const offerId = request.body.offer_id;
      if (!(await hasCv(app.db, user.id))) throw badRequest(MESSAGES.cvNotFound, 'cv_missing');
      const [offer] = await app.db.select({ dateTo: offers.dateTo }).from(offers).where(eq(offers.id, offerId));
      if (!offer) throw notFound(MESSAGES.offerClosed, 'offer_not_found');
      if (offer.dateTo && offer.dateTo < todayInItaly(app.now())) throw new HttpError(400, MESSAGES.offerClosed, 'offer_closed');
      try {
        const [created] = await app.db
          .insert(applications)
          .values({ offerId, farmacistaId: user.id, submittedAt: app.now() })
          .returning({ id: applications.id });
        if (!created) throw notFound();
        return reply.code(201).send({ id: created.id, message: MESSAGES.applicationSent });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(MESSAGES.applicationDuplicate, 'already_applied');
        throw error;
      }
    },
  );

  app.get(
    '/titolare/candidatures/',
    {
      onRequest: requireRole('titolare'),
      schema: {
        tags: ['applications'],
        summary: 'Le candidature ricevute per le proprie offerte, dalla più recente (100 per pagina; totale in X-Total-Count)',
        security,
        querystring: ZReceivedQuerySchema,
        response: { 200: z.array(ZReceivedApplicationSchema), ...errors },
      },
    },
    async (request, reply) => {
      const owner = sessionUser(request);
      const { page, page_size } = request.query;
      // The page is chosen on applications and offers alone (with the total from a window count), and only its rows
      // are joined with the applicants' profiles: an owner with thousands of applications costs one page of lookups.
      const pageOfApplications = app.db
        .select({
          id: applications.id,
          submittedAt: applications.submittedAt,
          farmacistaId: applications.farmacistaId,
          offerId: applications.offerId,
          total: sql<number>`count(*) over ()`.as('total'),
        })
        .from(applications)
        .innerJoin(offers, eq(offers.id, applications.offerId))
        .where(eq(offers.ownerId, owner.id))
        .orderBy(desc(applications.submittedAt), desc(applications.id))
        .limit(page_size)
        .offset((page - 1) * page_size)
        .as('page_of_applications');
      const rows = await app.db
        .select({
          id: pageOfApplications.id,
          submittedAt: pageOfApplications.submittedAt,
          farmacistaId: pageOfApplications.farmacistaId,
          total: pageOfApplications.total,
          name: profiles.name,
          surname: profiles.surname,
          titolo: profiles.titolo,
          comune: profiles.comune,
          provincia_residenza: profiles.provinciaResidenza,
          telephone: profiles.telephone,
          hasCv: cvFiles.userId,
          offerId: offers.id,
          title: offers.title,
          description: offers.description,
        })
        .from(pageOfApplications)
        .innerJoin(offers, eq(offers.id, pageOfApplications.offerId))
        .innerJoin(profiles, eq(profiles.userId, pageOfApplications.farmacistaId))
        .leftJoin(cvFiles, eq(cvFiles.userId, pageOfApplications.farmacistaId))
        .orderBy(desc(pageOfApplications.submittedAt), desc(pageOfApplications.id));
      let total = Number(rows[0]?.total ?? 0);
      if (rows.length === 0 && page > 1) {
        // Past the last page the window count has no row to ride on.
        const [row] = await app.db
          .select({ n: count() })
          .from(applications)
          .innerJoin(offers, eq(offers.id, applications.offerId))
          .where(eq(offers.ownerId, owner.id));
        total = Number(row?.n ?? 0);
      }
      reply.header('x-total-count', String(total));
      return rows.map((r) => ({
        id: r.id,
        submitted_at: r.submittedAt.toISOString(),
        farmacista: {
          name: r.name,
          surname: r.surname,
          titolo: r.titolo,
          comune: r.comune,
          provincia_residenza: r.provincia_residenza,
          telephone: r.telephone,
          pdf_file: r.hasCv ? app.cvLinks.linkFor(r.farmacistaId, owner.id) : null,
        },
        offer: { id: r.offerId, title: r.title, description: r.description },
      }));
    },
  );

  app.get(
    '/candidature/mine/',
    {
      onRequest: requireRole('farmacista'),
      schema: {
        tags: ['applications'],
        summary: 'Le candidature inviate dal farmacista connesso',
        security,
        response: { 200: z.array(ZSentApplicationSchema), ...errors },
      },
    },
    async (request) => {
      const today = todayInItaly(app.now());
      const rows = await app.db
        .select({
          id: applications.id,
          submittedAt: applications.submittedAt,
          offer: offerColumns,
        })
        .from(applications)
        .innerJoin(offers, eq(offers.id, applications.offerId))
        .innerJoin(profiles, eq(profiles.userId, offers.ownerId))
        .where(eq(applications.farmacistaId, sessionUser(request).id))
        .orderBy(desc(applications.submittedAt), desc(applications.id));
      return rows.map((r) => ({
        id: r.id,
        submitted_at: r.submittedAt.toISOString(),
        offer: { ...withPosition(r.offer), is_open: r.offer.date_to == null || r.offer.date_to >= today },
      }));
    },
  );
};
