/**
 * GET /api/events/: the user's live stream (Server-Sent Events through @fastify/sse, decision 072). Authenticated like
 * every call (Authorization: Bearer): the browser reads it with fetch, since EventSource cannot send the header.
 */
import { LIMITS, LIVE_READY_EVENT, OUTAGE_MESSAGES, ZErrorSchema } from '@farmaponte/shared';
import fastifySse from '@fastify/sse';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bodyOf } from '../../lib/api-docs';
import { authenticate, sessionUser } from '../../lib/auth-guard';
import { HttpError } from '../../lib/errors';
import type { TLiveStream } from './live-streams';

/** What a browser waits before opening a new stream when this one ends without a word (the SSE `retry:` field). */
const RECONNECT_MS = 2_000;

export const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  // Its heartbeat is a comment line every LIMITS.eventsHeartbeatSeconds, so proxies and the server's own idle timeout
  // (connectionTimeout) keep the stream open. The plugin's types do not name the option its code reads.
  await app.register(fastifySse, { heartbeatInterval: LIMITS.eventsHeartbeatSeconds * 1000 } as object);

  app.get(
    '/events/',
    {
      onRequest: authenticate,
      // No negotiation on Accept: this route only streams, and a refusal is our own JSON error, not the plugin's.
      sse: { kind: 'manual' },
      // A stream lasts minutes: the request-duration histogram leaves it out (lib/metrics.ts).
      config: { liveStream: true },
      schema: {
        operationId: 'liveEvents',
        tags: ['events'],
        summary:
          'Flusso di eventi (text/event-stream): notification, message {application_id}, application {application_id}; un commento ogni 25 s',
        security: [{ bearer: [] }],
        response: {
          200: bodyOf('text/event-stream', 'Gli eventi, uno per riga «event:» e «data:», finché la sessione è aperta'),
          401: ZErrorSchema,
          503: ZErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = sessionUser(request);
      // Without its LISTEN connection this process would hear nothing: the browser tries again shortly.
      if (!(await app.liveStreams.ready()))
        throw new HttpError(503, OUTAGE_MESSAGES.databaseUnavailable, 'database_unavailable', { retryAfterSeconds: 5 });
      const token = request.headers.authorization?.slice('Bearer '.length).trim() ?? '';
      const claims = await app.jwt.verifyAccess(token);
      reply.sse.keepAlive();
      reply.header('cache-control', 'no-store');
      let open = true;
      // An owner-side person hears the events of every pharmacy they act for (decision 089).
      const scope = user.role === 'titolare' ? await app.ownerScopes.resolve(user.id, 'all') : undefined;
      const stream: TLiveStream = {
        userId: user.id,
        parties: scope?.groupPharmacyIds ?? [],
        familyId: claims?.familyId,
        send(event, data) {
          if (open) reply.sse.send({ event, data }).catch(() => {});
        },
        end() {
          reply.sse.close();
        },
      };
      const remove = app.liveStreams.add(stream, claims?.expiresAt);
      reply.sse.onClose(() => {
        open = false;
        remove();
      });
      await reply.sse.send({ event: LIVE_READY_EVENT, data: {}, retry: RECONNECT_MS });
    },
  );
};
