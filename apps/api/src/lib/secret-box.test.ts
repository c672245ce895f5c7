import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box';

describe('secret box', () => {
  it('opens what it sealed for the same context, and nothing sealed with another key or for another row', () => {
    const box = createSecretBox('one-server-secret-long-enough');
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'two-factor:1');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open(sealed, 'two-factor:1')).toBe('JBSWY3DPEHPK3PXP');
    expect(box.seal('JBSWY3DPEHPK3PXP', 'two-factor:1')).not.toBe(sealed);
    expect(box.open(sealed, 'two-factor:2')).toBeUndefined();
    expect(createSecretBox('another-server-secret-long-enough').open(sealed, 'two-factor:1')).toBeUndefined();
    expect(box.open('JBSWY3DPEHPK3PXP', 'two-factor:1')).toBeUndefined();
  });
});
