import { describe, expect, it } from 'vitest';
import { payloadOf, sitePath } from './push-handlers';

const data = (value: unknown) => ({ json: () => (typeof value === 'string' ? JSON.parse(value) : value) }) as PushMessageData;

describe("a push's payload", () => {
  it('is read when it is ours, and ignored when it has no title or is not JSON', () => {
    expect(payloadOf(data({ type: 'invitation_received', title: 'T', body: 'B', url: '/inviti', tag: 'x' }))).toEqual({
      type: 'invitation_received',
      title: 'T',
      body: 'B',
      url: '/inviti',
      tag: 'x',
    });
    expect(payloadOf(data({ body: 'B' }))).toBeNull();
    expect(payloadOf(data('non json'))).toBeNull();
    expect(payloadOf(null)).toBeNull();
  });

  it('opens only a page of this site', () => {
    const origin = 'https://farmaponte.it';
    expect(sitePath('/mie_candidature?x=1', origin)).toBe('/mie_candidature?x=1');
    expect(sitePath('https://evil.example/', origin)).toBe('/');
    expect(sitePath('//evil.example/x', origin)).toBe('/');
    expect(sitePath(undefined, origin)).toBe('/');
  });
});
