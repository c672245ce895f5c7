/**
 * The one writer of JSON answers (docs/architecture.md "One way to do each thing", docs/decisions/033 and 043):
 * fast-json-stringify, compiled per route from the route's zod response schema turned into JSON Schema. It writes
 * only the properties the schema declares, so a field the schema does not name never leaves the server; it does it in
 * a quarter of zod's time, because zod's encode copies every object before JSON.stringify walks it again.
 *
 * Every response schema must have a fast form: one that does not (a union other than list-or-page, a `$ref`, …) fails
 * when its route is registered, so every test that builds the app names it. It is written the same way in every
 * environment. Where the app is built with `checkAnswers` (the API tests, test/helpers.ts; nothing else), each answer
 * is also encoded by zod and the two texts must be equal: a handler returning the wrong shape, or a difference between
 * the writers, fails the test that asked for it with 500. Elsewhere (production, `npm start`, the e2e server, the
 * benchmarks) nothing checks the answer: a string field given a number is written as a string.
 */
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { type ZodType, z } from 'zod';

type TJsonSchema = { [key: string]: unknown };
type TWriter = (data: unknown) => string;

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
    if (nullAt >= 0 && other && typeof other.type === 'string') {
      const { anyOf: _, ...rest } = out;
      return { ...rest, ...other, type: [other.type, 'null'] };
    }
  }
  return out;
}

/** Unions, references and conditions: fast-json-stringify would pick their branch with a validator, per value. */
const CHOICE_KEYWORDS = ['anyOf', 'oneOf', 'allOf', 'not', 'if', '$ref'];
function hasChoices(schema: unknown): boolean {
  if (Array.isArray(schema)) return schema.some(hasChoices);
  if (!schema || typeof schema !== 'object') return false;
  return Object.entries(schema).some(([key, value]) => CHOICE_KEYWORDS.includes(key) || hasChoices(value));
}

/** The fast writer of one zod schema, or undefined when it has no JSON Schema form without choices. */
function fastWriterFor(schema: ZodType): TWriter | undefined {
  let json: unknown;
  try {
    json = simplify(z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' }));
  } catch {
    return undefined;
  }
  if (hasChoices(json)) return undefined;
  return fastJson(json as Parameters<typeof fastJson>[0]);
}

/**
 * A list-or-page union (`T[] | { count, …, results }`, the offer search) by its two fast writers: zod tries the
 * options in order and an array never passes an object schema, nor an object an array one, so `Array.isArray` picks
 * the same branch zod would.
 */
function listOrPageWriterFor(schema: ZodType): TWriter | undefined {
  if (!(schema instanceof z.ZodUnion) || schema.options.length !== 2) return undefined;
  const [first, second] = schema.options as [ZodType, ZodType];
  const list = first instanceof z.ZodArray ? first : second instanceof z.ZodArray ? second : undefined;
  const page = first instanceof z.ZodObject ? first : second instanceof z.ZodObject ? second : undefined;
  if (!list || !page) return undefined;
  const [writeList, writePage] = [fastWriterFor(list), fastWriterFor(page)];
  if (!writeList || !writePage) return undefined;
  return (data) => (Array.isArray(data) ? writeList(data) : writePage(data));
}

export class AnswerWritersDisagree extends Error {}

/** The writer of answers of this schema; throws for a schema without a fast form (see above). */
export function answerWriter(schema: ZodType, options: { checkAnswers: boolean; name: string }): TWriter {
  const fastWriter = fastWriterFor(schema) ?? listOrPageWriterFor(schema);
  if (!fastWriter)
    throw new Error(
      `${options.name}: its response schema has no fast-json-stringify form (a union or a reference); see lib/answer-writer.ts`,
    );
  if (!options.checkAnswers) return fastWriter;
  return (data) => {
    const expected = JSON.stringify(z.encode(schema, data as never));
    const written = fastWriter(data);
    if (written !== expected)
      throw new AnswerWritersDisagree(`${options.name}: fast-json-stringify wrote ${written.slice(0, 200)}`);
    return written;
  };
}

export function answerSerializerCompiler(options: { checkAnswers: boolean }): FastifySerializerCompiler<ZodType> {
  return (route) => answerWriter(route.schema, { ...options, name: `${route.method} ${route.url}` });
}
