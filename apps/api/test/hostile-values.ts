/**
 * Hostile request values shaped by a route's own zod schema (fast-check arbitraries), for the fuzz test: each field
 * gets plausible values (so handlers are reached) mixed with wrong types, empty and huge strings, control
 * characters, numbers at the integer limits and beyond JSON's, unknown keys, prototype keys, arrays for objects.
 */
import fc from 'fast-check';
import type { z } from 'zod';

/** A number token written into the JSON text as is: `1e309` parses as Infinity, which JSON.stringify cannot write. */
export class RawNumber {
  constructor(readonly text: string) {}
}

/** Real values of the fixtures (e-mails, ids, dates…) the arbitraries mix in, so rules past the schema are reached. */
export interface TSamples {
  strings: string[];
  ids: number[];
  /** Good values by field name (a real profile, a real offer), so a plausible body often passes the schema whole. */
  fields: Record<string, unknown[]>;
  /** Whole good bodies (a registration, an offer, a CV upload…): an object schema takes those whose keys it has. */
  records: Record<string, unknown>[];
}

export const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'];

const INTEGER_EDGES = [0, 1, -1, 2_147_483_647, 2_147_483_648, -2_147_483_648, -2_147_483_649, Number.MAX_SAFE_INTEGER];
const numberEdges = fc.constantFrom(...INTEGER_EDGES, 2 ** 53 + 2, 1.5, -0, 1e308, 5e-324, -1e308);
const rawNumbers = fc
  .constantFrom('1e309', '-1e309', '1e-400', '123456789012345678901234567890', '2147483648', '-0', '0.0000001')
  .map((text) => new RawNumber(text));
const numberLikeStrings = fc.constantFrom(
  '2147483647',
  '2147483648',
  '-1',
  '0',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '0x10',
  '1_000',
  ' 12 ',
  '12abc',
  '+1',
  '.5',
  '٣',
);
// NUL most often: PostgreSQL refuses it in text, so it is the one that reaches furthest when a check is missing.
const controlCharacter = fc.oneof(
  { weight: 4, arbitrary: fc.constant('\u0000') },
  {
    weight: 3,
    arbitrary: fc.constantFrom('\u0007', '\b', '\u000b', '\u001b[2J', '\u007f', '\r\n', '\u2028', '\ufeff', '\ud800'),
  },
);
const withControlCharacter = fc
  .tuple(fc.string({ maxLength: 8 }), controlCharacter, fc.string({ maxLength: 8 }))
  .map(([before, control, after]) => before + control + after);
const oddStrings = fc.constantFrom(
  "' OR 1=1 --",
  '%',
  '_',
  '\\',
  '%00',
  '<script>alert(1)</script>',
  '{{7*7}}',
  '👩‍⚕️ Farmacia',
  'CITTA\u0300',
  '   ',
  '31/02/2020',
  '2020-02-31',
  '0000-00-00',
);
const prototypeStrings = fc.constantFrom(...PROTOTYPE_KEYS);
/** Empty, at and just past a field's maximum, and past the whole body limit (64 KB). */
const sizedString = (max: number) =>
  fc
    .tuple(fc.constantFrom(0, 1, max, max + 1, 10_000, 70_000), fc.constantFrom('a', 'è', ' ', '9'))
    .map(([length, unit]) => unit.repeat(length));

/** An object with exactly these own keys, `__proto__` included (set as data, as JSON.parse would). */
export function objectOf(entries: Iterable<[string, unknown]>): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (const [key, value] of entries)
    Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  return object;
}

/** Anything but what a field expects. */
const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  numberEdges,
  rawNumbers,
  fc.constant([]),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.constant({}),
  fc.constant(objectOf([['__proto__', { polluted: true }]])),
  fc.constant(objectOf([['constructor', { prototype: { polluted: true } }]])),
);

/** Keys a client was not meant to send: unknown ones, fields it must not write, and the prototype's. */
const extraEntries = fc.array(
  fc.tuple(
    fc.oneof(
      prototypeStrings,
      fc.constantFrom('role', 'is_admin', 'owner_id', 'email', 'id', 'userId'),
      fc.string({ maxLength: 8 }),
    ),
    fc.oneof(wrongType, fc.constant({ polluted: true }), fc.string({ maxLength: 8 })),
  ),
  { maxLength: 3 },
);

/** The limit of a zod check, by kind (`max_length`, `min_length`, `less_than`, `greater_than`). */
function checkLimit(schema: z.ZodType, kind: string): number | undefined {
  const checks = (schema._zod.def as { checks?: { _zod: { def: Record<string, unknown> } }[] }).checks ?? [];
  for (const check of checks) {
    const def = check._zod.def;
    if (def.check === kind) return Number(def.maximum ?? def.minimum ?? def.value);
  }
  return undefined;
}

export function hostileString(samples: TSamples, max = 200): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...samples.strings) },
    { weight: 2, arbitrary: fc.string({ maxLength: Math.min(max, 30) }) },
    { weight: 2, arbitrary: sizedString(max) },
    { weight: 3, arbitrary: withControlCharacter },
    { weight: 1, arbitrary: numberLikeStrings },
    { weight: 1, arbitrary: oddStrings },
    { weight: 1, arbitrary: prototypeStrings },
    { weight: 1, arbitrary: fc.constantFrom(...samples.ids.map(String)) },
  );
}

function hostileNumber(samples: TSamples): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...samples.ids) },
    { weight: 2, arbitrary: fc.integer({ min: -5, max: 500 }) },
    { weight: 2, arbitrary: numberEdges },
    { weight: 1, arbitrary: rawNumbers },
    { weight: 2, arbitrary: numberLikeStrings },
    { weight: 1, arbitrary: fc.double() },
  );
}

const WRAPPERS = ['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional'];

/** The schema whose values a pipe or a wrapper (optional, default…) takes; undefined for any other schema. A preprocess
 *  or a transform is a function: the values come from the schema it feeds or is fed by. */
function wrappedSchema(schema: z.ZodType): z.ZodType | undefined {
  const def = schema._zod.def as unknown as { type: string; in?: z.ZodType; out?: z.ZodType; innerType?: z.ZodType };
  if (def.type === 'pipe') return def.in?._zod.def.type === 'transform' ? def.out : def.in;
  return WRAPPERS.includes(def.type) ? def.innerType : undefined;
}

/** Values a client of good faith would send for this schema (the fixtures' e-mails, ids, dates…), so rules past the schema run. */
function plausibleValue(schema: z.ZodType, samples: TSamples): fc.Arbitrary<unknown> {
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  const inner = (key: string) => plausibleValue(def[key] as z.ZodType, samples);
  const wrapped = wrappedSchema(schema);
  if (wrapped) return plausibleValue(wrapped, samples);
  switch (def.type) {
    case 'object': {
      const field = (key: string, schema: z.ZodType) => {
        const known = samples.fields[key];
        const generic = plausibleValue(schema, samples);
        return known?.length
          ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...known) }, { weight: 1, arbitrary: generic })
          : generic;
      };
      const shape = def.shape as Record<string, z.ZodType>;
      const fieldwise = fc.record(Object.fromEntries(Object.entries(shape).map(([key, schema]) => [key, field(key, schema)])));
      const whole = samples.records.filter((record) => Object.keys(record).every((key) => key in shape));
      return whole.length
        ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...whole) }, { weight: 1, arbitrary: fieldwise })
        : fieldwise;
    }
    case 'union':
      return fc.oneof(...(def.options as z.ZodType[]).map((option) => plausibleValue(option, samples)));
    case 'number':
    case 'int':
      return fc.constantFrom(...samples.ids);
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, string | number>));
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'array':
      return fc.array(inner('element'), { maxLength: 3 });
    default:
      return fc.constantFrom(...samples.strings);
  }
}

/** Values for a field of this zod schema: plausible ones and hostile ones, about half each. */
export function hostileValue(schema: z.ZodType, samples: TSamples): fc.Arbitrary<unknown> {
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  const inner = (key: string) => hostileValue(def[key] as z.ZodType, samples);
  const orWrong = (arbitrary: fc.Arbitrary<unknown>) =>
    fc.oneof({ weight: 5, arbitrary }, { weight: 1, arbitrary: wrongType }, { weight: 1, arbitrary: fc.constant(undefined) });
  const wrapped = wrappedSchema(schema);
  if (wrapped)
    return def.type === 'pipe'
      ? hostileValue(wrapped, samples)
      : fc.oneof(
          { weight: 6, arbitrary: hostileValue(wrapped, samples) },
          { weight: 1, arbitrary: fc.constantFrom(null, undefined) },
        );
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      const keys = Object.keys(shape);
      const field = (key: string, hostile: boolean) =>
        (hostile ? hostileValue : plausibleValue)(shape[key] as z.ZodType, samples);
      // Every field hostile; or all plausible but one (the way past the schema to the rules behind it).
      const allHostile = fc.record(Object.fromEntries(keys.map((key) => [key, field(key, true)])), { requiredKeys: [] });
      const oneHostile = keys.length
        ? fc
            .tuple(plausibleValue(schema, samples), fc.constantFrom(...keys))
            .chain(([good, odd]) => field(odd, true).map((value) => ({ ...(good as object), [odd]: value })))
        : allHostile;
      const withExtras = (known: fc.Arbitrary<Record<string, unknown>>) =>
        fc.tuple(known, extraEntries).map(([fields, extra]) => objectOf([...Object.entries(fields), ...extra]));
      return fc.oneof(
        { weight: 4, arbitrary: withExtras(allHostile) },
        { weight: 4, arbitrary: withExtras(oneHostile) },
        { weight: 2, arbitrary: plausibleValue(schema, samples) },
        { weight: 1, arbitrary: fc.array(withExtras(allHostile), { maxLength: 2 }) },
        { weight: 1, arbitrary: wrongType },
      );
    }
    case 'union':
      return fc.oneof(...(def.options as z.ZodType[]).map((option) => hostileValue(option, samples)));
    case 'string':
      // A limit no person reaches (the safe-integer range) is fuzzed like the body limit, not built in memory.
      return orWrong(hostileString(samples, Math.min(checkLimit(schema, 'max_length') ?? 200, 100_000)));
    case 'number':
    case 'int':
    case 'bigint':
      return hostileNumber(samples);
    case 'boolean':
      return orWrong(fc.constantFrom(true, false, 'true', 'false', 1, 0, 'sì'));
    case 'enum': {
      const values = Object.values(def.entries as Record<string, string | number>);
      return orWrong(
        fc.oneof(
          fc.constantFrom(...values),
          fc.constantFrom(...values.map((v) => String(v).toUpperCase())),
          hostileString(samples),
        ),
      );
    }
    case 'literal':
      return orWrong(fc.constantFrom(...(def.values as unknown[])));
    case 'array':
      return orWrong(fc.array(inner('element'), { maxLength: 4 }));
    case 'tuple':
      return orWrong(fc.tuple(...(def.items as z.ZodType[]).map((item) => hostileValue(item, samples))));
    case 'record':
      return orWrong(
        fc
          .array(fc.tuple(fc.oneof(hostileString(samples), prototypeStrings), inner('valueType')), { maxLength: 3 })
          .map(objectOf),
      );
    default:
      return fc.oneof(wrongType, hostileString(samples));
  }
}

/** An object of unknown keys, for a route that declares no body or query at all. */
export const unexpectedObject = extraEntries.map(objectOf);

/** JSON text of a generated value: RawNumber tokens as written, own `__proto__` keys kept. */
export function toJsonText(value: unknown): string | undefined {
  if (value instanceof RawNumber) return value.text;
  if (Array.isArray(value)) return `[${value.map((item) => toJsonText(item) ?? 'null').join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const members = Object.keys(value).flatMap((key) => {
      const text = toJsonText((value as Record<string, unknown>)[key]);
      return text === undefined ? [] : [`${JSON.stringify(key)}:${text}`];
    });
    return `{${members.join(',')}}`;
  }
  return JSON.stringify(value);
}

/** A query string of a generated value: arrays as repeated keys, objects as their JSON text. */
export function toQueryString(value: unknown): string {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return '';
  const params = new URLSearchParams();
  const text = (item: unknown) =>
    item instanceof RawNumber ? item.text : typeof item === 'object' && item !== null ? (toJsonText(item) ?? '') : String(item);
  for (const key of Object.keys(value)) {
    const item = (value as Record<string, unknown>)[key];
    if (item === undefined) continue;
    for (const one of Array.isArray(item) ? item : [item]) params.append(key, text(one));
  }
  return params.toString();
}

/** JSON bodies a parser must refuse, and bodies of the wrong type. */
export const malformedBodies = fc.constantFrom(
  { contentType: 'application/json', payload: '{' },
  { contentType: 'application/json', payload: '{"a":1,}' },
  { contentType: 'application/json', payload: '' },
  { contentType: 'application/json', payload: 'null' },
  { contentType: 'application/json', payload: '"testo"' },
  { contentType: 'application/json', payload: '1e309' },
  { contentType: 'application/json', payload: '{"__proto__":{"polluted":true}}' },
  { contentType: 'application/json', payload: '{"constructor":{"prototype":{"polluted":true}}}' },
  { contentType: 'application/json', payload: '\u0000' },
  { contentType: 'text/plain', payload: 'ciao' },
  { contentType: 'application/x-www-form-urlencoded', payload: 'a=1&__proto__=x' },
  { contentType: 'application/xml', payload: '<a/>' },
);

/** A path parameter: the fixtures' ids, the integer limits, not numbers at all, encoded control characters. */
export function hostilePathSegment(samples: TSamples): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...samples.ids.map(String)) },
    { weight: 2, arbitrary: fc.constantFrom(...INTEGER_EDGES.map(String), '1e309', 'NaN', 'abc', '1.5', '9'.repeat(400)) },
    { weight: 1, arbitrary: fc.constantFrom('%00', '%0a', '%2e%2e', '..', '%ff', '__proto__', 'constructor') },
    { weight: 1, arbitrary: fc.string({ maxLength: 12 }).map(encodeURIComponent) },
  );
}
