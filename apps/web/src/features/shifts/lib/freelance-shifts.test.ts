import { describe, expect, it } from 'vitest';
import { freelanceApplicationIds } from './freelance-shifts';

describe('the freelance shifts of /miei_turni', () => {
  it('are the accepted applications sent as libera professione', () => {
    const ids = freelanceApplicationIds([
      { id: 1, status: 'accepted', legal_form: 'libera_professione' },
      { id: 2, status: 'accepted', legal_form: 'dipendente' },
      { id: 3, status: 'accepted' },
      { id: 4, status: 'withdrawn', legal_form: 'libera_professione' },
      { id: 5, status: 'sent', legal_form: 'libera_professione' },
      { id: 6, status: 'accepted', legal_form: 'libera_professione' },
    ]);
    expect([...ids]).toEqual([1, 6]);
  });

  it('are none while her applications are not read yet', () => {
    expect(freelanceApplicationIds(undefined).size).toBe(0);
  });
});
