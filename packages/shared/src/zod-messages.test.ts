import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MESSAGES } from './index';

const messageOf = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

describe("zod's own messages, in plain Italian", () => {
  it('names a missing field as required and a wrong kind by what is wanted', () => {
    expect(messageOf(z.object({ name: z.string() }), {})).toBe(MESSAGES.requiredField);
    expect(messageOf(z.object({ name: z.string() }), { name: 3 })).toBe('Serve un testo.');
    expect(messageOf(z.object({ n: z.number() }), { n: 'tre' })).toBe('Serve un numero.');
    expect(messageOf(z.object({ ids: z.array(z.number()) }), { ids: 'uno' })).toBe('Serve un elenco.');
    expect(messageOf(z.object({ a: z.object({ b: z.string() }) }), { a: [] })).toBe(MESSAGES.invalidInput);
  });

  it('says sizes in words a person reads, never the integer range', () => {
    expect(messageOf(z.number().int(), 1e20)).toBe('Il numero è troppo grande.');
    expect(messageOf(z.number().int(), -1e20)).toBe('Il numero è troppo piccolo.');
    expect(messageOf(z.number().max(20), 21)).toBe('Il numero non può superare 20.');
    expect(messageOf(z.number().lt(20), 20)).toBe('Il numero deve essere minore di 20.');
    expect(messageOf(z.number().min(5), 4)).toBe('Il numero deve essere almeno 5.');
    expect(messageOf(z.string().max(1000), 'x'.repeat(1001))).toBe('Al massimo 1000 caratteri.');
    expect(messageOf(z.string().min(1), '')).toBe(MESSAGES.requiredField);
    expect(messageOf(z.array(z.number()).max(3), [1, 2, 3, 4])).toBe('Al massimo 3 elementi.');
  });

  it('lists the allowed values and the unexpected fields', () => {
    expect(messageOf(z.enum(['accepted', 'rejected']), 'forse')).toBe('Valore non ammesso: scegli tra accepted, rejected.');
    expect(messageOf(z.strictObject({ a: z.string() }), { a: 'x', b: 1 })).toBe('Campo non previsto: b.');
  });

  it("keeps a schema's own message", () => {
    expect(messageOf(z.string().max(3, { error: 'Titolo troppo lungo.' }), 'abcd')).toBe('Titolo troppo lungo.');
  });
});
