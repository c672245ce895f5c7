/**
 * Answers are written by fast-json-stringify from each route's zod response schema turned into JSON Schema
 * (issue 12, docs/decisions/033). Like the zod serializer it replaces, it writes only the properties the schema
 * declares, so a field the schema does not name never leaves the server; it does it in a quarter of the time, because
 * zod's encode copies every object before JSON.stringify walks it again (≈ 0.9 ms of a 3 ms /offers/mine/).
 *
 * Outside production (development, the tests, the e2e server) every answer is also encoded by zod, as before, and the
 * two texts must be equal: a handler that returns the wrong shape still fails there with 500, and any difference
 * between the two serializers is caught by every test that reads an answer.
 */
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';

type TJsonSchema = { [key: string]: unknown };

/**
 * zod writes `T | null` as `anyOf: [T, {type: null}]`, which fast-json-stringify resolves with a validator for every
 * value; `type: [T, "null"]` says the same and is written with a typeof check.
 */
function simplify(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(simplify);
  if (!schema || typeof schema !== 'object') return schema;
  const out: TJsonSchema = {};
  for (const [key, value] of Object.entries(schema)) out[key] = simplify(value);
  const anyOf = out.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const nullAt = anyOf.findIndex((branch: TJsonSchema) => branch.type === 'null' && Object.keys(branch).length === 1);
    const other = anyOf[1 - nullAt] as TJsonSchema | undefined;
    if (nullAt >= 0 && other && typeof other.type === 'string' && other.type !== 'object' && other.type !== 'array') {
      const { anyOf: _, ...rest } = out;
      return { ...rest, ...other, type: [other.type, 'null'] };
    }
  }
  return out;
}

/** Unions, references and conditions: fast-json-stringify picks their branch with a validator, per value. */
const CHOICE_KEYWORDS = ['anyOf', 'oneOf', 'allOf', 'not', 'if', '$ref'];
function hasChoices(schema: unknown): boolean {
  if (Array.isArray(schema)) return schema.some(hasChoices);
  if (!schema || typeof schema !== 'object') return false;
  return Object.entries(schema).some(([key, value]) => CHOICE_KEYWORDS.includes(key) || hasChoices(value));
}

/**
 * The fast writer of one zod schema, or undefined (zod's writer then) when the schema has no JSON Schema form or still
 * holds a choice after simplify: those few answers (the offer search's list-or-page) keep zod's exact behaviour.
 */
export function fastWriterFor(schema: ZodType): ((data: unknown) => string) | undefined {
  let json: unknown;
  try {
    json = simplify(z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' }));
  } catch {
    return undefined;
  }
  if (hasChoices(json)) return undefined;
  return fastJson(json as Parameters<typeof fastJson>[0]);
}

export class ResponseWritersDisagree extends Error {}

export function createResponseSerializerCompiler(options: { checkWithZod: boolean }): FastifySerializerCompiler<ZodType> {
  return (route) => {
    const zodWriter = zodSerializerCompiler(route) as (data: unknown) => string;
    const fastWriter = fastWriterFor(route.schema);
    if (!fastWriter) return zodWriter;
    if (!options.checkWithZod) return fastWriter;
    return (data) => {
      const expected = zodWriter(data);
      const written = fastWriter(data);
      if (written !== expected)
        throw new ResponseWritersDisagree(`${route.method} ${route.url}: fast-json-stringify wrote ${written.slice(0, 200)}`);
      return written;
    };
  };
}
