import { describe, expect, it } from 'vitest';
import { inAppPath } from './in-app-path';

const ORIGIN = 'https://farmaponte.example';

describe('a notification link', () => {
  it('is followed inside the app when it is a path or an address of this site', () => {
    expect(inAppPath('/candidature?offer_id=3', ORIGIN)).toBe('/candidature?offer_id=3');
    expect(inAppPath(`${ORIGIN}/mie_candidature#12`, ORIGIN)).toBe('/mie_candidature#12');
  });

  it('is not turned into an in-app path when it points elsewhere', () => {
    expect(inAppPath('https://elsewhere.example/candidature', ORIGIN)).toBeNull();
    expect(inAppPath('//elsewhere.example/x', ORIGIN)).toBeNull();
    expect(inAppPath('http://[bad', ORIGIN)).toBeNull();
  });
});
