/**
 * The body of PUT /api/user/details/: a profile save, or a CV as up to 8 MB of base64 in JSON. Parsing a CV's
 * JSON and checking it for control characters held the event loop ≈ 100 ms an upload (decision 030), so a body above the
 * ordinary 64 KB limit is read in a worker thread (cv-worker.ts): the same JSON rules as Fastify's parser, the same
 * control-character check, the route's own zod schema, and the same answers. Smaller bodies are parsed here, as on
 * every other route. Register it in a context of its own: it replaces that context's JSON parser.
 */
import { LIMITS, MESSAGES } from '@farmaponte/shared';
import type { FastifyInstance, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { invalidCharacters } from '../../lib/control-characters';
import { badRequest, validationError } from '../../lib/errors';
import { readBodyInWorker } from './cv-workers';

/** A CV upload whose body a worker has read and found valid; `bytes` is null when `pdf_file` was not base64. */
export class ReceivedCv {
  constructor(readonly bytes: Uint8Array | null) {}
}

/** The largest body of the route: the CV's base64 and the JSON around it. */
export const DETAILS_BODY_LIMIT_BYTES = LIMITS.cvBodyLimitBytes + 1024;

export function readDetailsBodies(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  const parseHere = (request: FastifyRequest, body: Buffer) =>
    new Promise<unknown>((resolve, reject) =>
      parseJson(request, body.toString('utf8'), (error, value) => (error ? reject(error) : resolve(value))),
    );
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: DETAILS_BODY_LIMIT_BYTES },
    async (request: FastifyRequest, body: Buffer) => {
      if (body.length <= LIMITS.bodyLimitBytes) return parseHere(request, body);
      const answer = await readBodyInWorker(body);
      switch (answer.kind) {
        // What Fastify's own parser answers, through the app's error handler.
        case 'invalid_json':
          throw badRequest(MESSAGES.invalidInput);
        case 'control_characters':
          throw invalidCharacters(answer.field);
        case 'invalid':
          throw validationError(answer.issues);
        case 'profile':
          return answer.body;
        case 'cv':
          return new ReceivedCv(answer.bytes);
        case 'cv_not_base64':
          return new ReceivedCv(null);
      }
    },
  );
}

/** The route's zod validation, except for a CV that a worker has already validated with the same schema. */
export function detailsValidatorCompiler<TSchema>(route: Parameters<FastifySchemaCompiler<TSchema>>[0]) {
  const validate = validatorCompiler(route as unknown as Parameters<FastifySchemaCompiler<ZodType>>[0]);
  return (data: unknown) => (data instanceof ReceivedCv ? { value: data } : validate(data));
}
