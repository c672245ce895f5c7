/** The admin back office: owners and their map position, every user, and an overview (DESIGN §5: admin only). */
import {
  isInItaly,
  LIMITS,
  MESSAGES,
  REGISTRY_MESSAGES,
  regionOfProvince,
  todayInItaly,
  ZAdminUserDetailsSchema,
  ZErrorSchema,
  ZLocationSchema,
  ZLocationUpdateAnswerSchema,
  ZLocationUpdateSchema,
  ZOverviewSchema,
  ZOwnersByIdSchema,
  ZSearchQuerySchema,
  ZUserIdParamsSchema,
  ZUserIdSchema,
  ZUsersPageSchema,
  ZUsersQuerySchema,
} from '@farmaponte/shared';
import { and, asc, count, eq, gte, like, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { applications, offers, pharmacies, profiles, users } from '../../db/schema';
import { requireRole, sessionUser } from '../../lib/auth-guard';
import { notFound } from '../../lib/errors';
import { containsPattern } from '../../lib/sql';
import { getUserDetails } from '../account/service';
import { findComune } from '../geo/comuni';
import { isOpen } from '../offers/queries';

const WEEKS = 12;

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const errors = { 400: ZErrorSchema, 401: ZErrorSchema, 403: ZErrorSchema, 404: ZErrorSchema };
  const security = [{ bearer: [] }];
  const onRequest = requireRole('admin');

  async function findOwner(userId: number) {
    const [owner] = await app.db
      .select({ id: users.id, lat: profiles.lat, lng: profiles.lng, comune: profiles.comuneFarmacia })
      .from(users)
      .innerJoin(profiles, eq(profiles.userId, users.id))
      .where(and(eq(users.id, userId), eq(users.role, 'titolare')));
    if (!owner) throw notFound(REGISTRY_MESSAGES.ownerNotFound, 'owner_not_found');
    return owner;
  }

  app.get(
    '/users/titolare/',
    {
      onRequest,
      schema: {
        tags: ['admin'],
        summary: `Titolari per nome, cognome, e-mail, farmacia o comune; oggetto con un titolare per chiave (massimo ${LIMITS.searchMaxResults})`,
        security,
        querystring: ZSearchQuerySchema,
        response: { 200: ZOwnersByIdSchema, ...errors },
      },
    },
    async (request) => {
      const search = request.query.search.toLowerCase();
      const pattern = containsPattern(search);
      const rows = await app.db
        .select({
          id: users.id,
          email: users.email,
          name: profiles.name,
          surname: profiles.surname,
          dob: profiles.dob,
          provincia_residenza: profiles.provinciaResidenza,
          regione_residenza: profiles.regioneResidenza,
          telephone: profiles.telephone,
          denominazione_farmacia: profiles.denominazioneFarmacia,
          comune_farmacia: profiles.comuneFarmacia,
          numero_iscrizione_albo: profiles.numeroIscrizioneAlbo,
          lat: profiles.lat,
          lng: profiles.lng,
        })
        .from(users)
        .innerJoin(profiles, eq(profiles.userId, users.id))
        // profiles.search_text holds e-mail, name, surname, pharmacy and comune (trigram-indexed).
        .where(and(eq(users.role, 'titolare'), search ? like(profiles.searchText, pattern) : undefined))
        .orderBy(asc(profiles.surname), asc(profiles.name), asc(users.id))
        .limit(LIMITS.searchMaxResults);
      return Object.fromEntries(rows.map((r) => [String(r.id), r]));
    },
  );

  app.post(
    '/users/get_location/',
    {
      onRequest,
      schema: {
        tags: ['admin'],
        summary: 'Coordinate di un titolare: quelle impostate, o il centro del comune della farmacia',
        security,
        body: ZUserIdSchema,
        response: { 200: ZLocationSchema, ...errors },
      },
    },
    async (request) => {
      const owner = await findOwner(request.body.userId);
      if (owner.lat != null && owner.lng != null) return { lat: owner.lat, lng: owner.lng, source: 'owner' as const };
      const comune = owner.comune ? findComune(owner.comune) : undefined;
      return comune ? { lat: comune.lat, lng: comune.lng, source: 'comune' as const } : { lat: null, lng: null, source: null };
    },
  );

  app.post(
    '/users/update_location/',
    {
      onRequest,
      schema: {
        tags: ['admin'],
        summary: 'Imposta le coordinate di un titolare (le sue offerte si spostano sulla mappa)',
        security,
        body: ZLocationUpdateSchema,
        response: { 200: ZLocationUpdateAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const { userId, lat, lng } = request.body;
      await findOwner(userId);
      await app.db.update(profiles).set({ lat, lng, updatedAt: app.now() }).where(eq(profiles.userId, userId));
      app.openOffers.invalidate();
      return { message: MESSAGES.locationUpdated, ...(isInItaly(lat, lng) ? {} : { warning: MESSAGES.outsideItaly }) };
    },
  );

  app.get(
    '/users/all/',
    {
      onRequest,
      schema: {
        tags: ['admin'],
        summary: 'Tutti gli utenti, con ricerca (e-mail o nome), filtro per ruolo e paginazione',
        security,
        querystring: ZUsersQuerySchema,
        response: { 200: ZUsersPageSchema, ...errors },
      },
    },
    async (request) => {
      const { search, role, page, page_size } = request.query;
      const pattern = containsPattern(search.toLowerCase());
      const where = and(role ? eq(users.role, role) : undefined, search ? like(profiles.searchText, pattern) : undefined);
      const [total] = search
        ? await app.db.select({ n: count() }).from(users).innerJoin(profiles, eq(profiles.userId, users.id)).where(where)
        : await app.db.select({ n: count() }).from(users).where(where);
      const rows = await app.db
        .select({
          id: users.id,
          username: users.email,
          role: users.role,
          preferredRegion: profiles.preferredRegion,
          name: profiles.name,
          surname: profiles.surname,
          createdAt: users.createdAt,
        })
        .from(users)
        .leftJoin(profiles, eq(profiles.userId, users.id))
        .where(where)
        .orderBy(asc(users.id))
        .limit(page_size)
        .offset((page - 1) * page_size);
      const n = Number(total?.n ?? 0);
      const link = (target: number) => {
        const params = new URLSearchParams({ page: String(target), page_size: String(page_size) });
        if (search) params.set('search', search);
        if (role) params.set('role', role);
        return `/api/users/all/?${params}`;
      };
      return {
        count: n,
        next: page * page_size < n ? link(page + 1) : null,
        previous: page > 1 ? link(Math.min(page - 1, Math.max(1, Math.ceil(n / page_size)))) : null,
        results: rows.map(({ createdAt, ...r }) => ({
          ...r,
          preferredRegion: r.preferredRegion ?? '',
          name: r.name ?? '',
          surname: r.surname ?? '',
          created_at: createdAt.toISOString(),
        })),
      };
    },
  );

  app.get(
    '/users/:id/details/',
    {
      onRequest,
      schema: {
        tags: ['admin'],
        summary: 'Profilo completo di un utente (mai dati della password; CV come link firmato)',
        security,
        params: ZUserIdParamsSchema,
        response: { 200: ZAdminUserDetailsSchema, ...errors },
      },
    },
    async (request) => {
      const admin = sessionUser(request);
      const id = request.params.id;
      const details = await getUserDetails(app.db, id, async (owner) => app.cvLinks.linkFor(owner, admin.id));
      const [extra] = await app.db
        .select({
          createdAt: users.createdAt,
          lat: profiles.lat,
          lng: profiles.lng,
          offers: sql<number>`(select count(*) from ${offers} where ${offers.ownerId} = ${users.id})`,
          applications: sql<number>`(select count(*) from ${applications} where ${applications.farmacistaId} = ${users.id})`,
        })
        .from(users)
        .leftJoin(profiles, eq(profiles.userId, users.id))
        .where(eq(users.id, id));
      return {
        ...details,
        created_at: extra?.createdAt.toISOString() ?? '',
        offers_count: Number(extra?.offers ?? 0),
        applications_count: Number(extra?.applications ?? 0),
        lat: extra?.lat ?? null,
        lng: extra?.lng ?? null,
      };
    },
  );

  app.get(
    '/admin/overview/',
    {
      onRequest,
      schema: {
        tags: ['admin'],
        summary: `Panoramica: utenti per ruolo, offerte aperte per regione, candidature per settimana (ultime ${WEEKS})`,
        security,
        response: { 200: ZOverviewSchema, ...errors },
      },
    },
    async () => {
      const now = app.now();
      const since = new Date(now.getTime() - WEEKS * 7 * 86_400_000);
      const [roles, offersByComune, weeks, registry] = await Promise.all([
        app.db.select({ role: users.role, n: count() }).from(users).groupBy(users.role),
        app.db
          .select({ comune: profiles.comuneFarmacia, n: count() })
          .from(offers)
          .innerJoin(profiles, eq(profiles.userId, offers.ownerId))
          .where(isOpen(todayInItaly(now)))
          .groupBy(profiles.comuneFarmacia),
        app.db
          .select({ week: sql<string>`to_char(date_trunc('week', ${applications.submittedAt}), 'YYYY-MM-DD')`, n: count() })
          .from(applications)
          .where(gte(applications.submittedAt, since))
          .groupBy(sql`1`),
        app.db.select({ n: count() }).from(pharmacies),
      ]);
      const byRole = { farmacista: 0, titolare: 0, admin: 0 };
      for (const r of roles) byRole[r.role] = Number(r.n);
      const byRegion = new Map<string, number>();
      for (const r of offersByComune) {
        const sigla = findComune(r.comune)?.sigla;
        const region = (sigla && regionOfProvince(sigla)) || 'Non indicata';
        byRegion.set(region, (byRegion.get(region) ?? 0) + Number(r.n));
      }
      const perWeek = new Map(weeks.map((w) => [w.week, Number(w.n)]));
      const monday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - ((now.getUTCDay() + 6) % 7)));
      const series = Array.from({ length: WEEKS }, (_, i) => {
        const start = new Date(monday.getTime() - (WEEKS - 1 - i) * 7 * 86_400_000).toISOString().slice(0, 10);
        return { week_start: start, count: perWeek.get(start) ?? 0 };
      });
      return {
        users_by_role: byRole,
        open_offers_by_region: [...byRegion].map(([region, n]) => ({ region, count: n })).sort((a, b) => b.count - a.count),
        applications_per_week: series,
        pharmacies: Number(registry[0]?.n ?? 0),
      };
    },
  );
};
