import { describe, expect, it } from 'vitest';
import { listAddress, readListFilters, readListPage, withListPage } from './use-list-filters';

const defaults = { actor: '', action: '', status: 'pending' };
const knownAction = (name: keyof typeof defaults, value: string) => name !== 'action' || ['user.view'].includes(value);

describe("an admin list's filters in the address", () => {
  it('reads each filter by its name, the default where it is missing or not accepted', () => {
    const params = new URLSearchParams('actor=anna%40example.it&action=drop.tables&other=1');
    expect(readListFilters(params, defaults, knownAction)).toEqual({ actor: 'anna@example.it', action: '', status: 'pending' });
    expect(readListFilters(new URLSearchParams('action=user.view&status=rejected'), defaults, knownAction)).toEqual({
      actor: '',
      action: 'user.view',
      status: 'rejected',
    });
  });

  it('writes them trimmed, in the order of the defaults, without those empty or at their default, from page 1', () => {
    const written = listAddress({ status: 'pending', action: 'user.view', actor: '  anna ' }, defaults);
    expect(written.toString()).toBe('actor=anna&action=user.view');
    expect(listAddress({ ...defaults, actor: '   ' }, defaults).toString()).toBe('');
  });

  it('reads the page, 1 when it is missing or not a page', () => {
    expect(readListPage(new URLSearchParams('page=3'))).toBe(3);
    for (const page of ['', '0', '-2', 'due']) expect(readListPage(new URLSearchParams({ page }))).toBe(1);
    expect(readListPage(new URLSearchParams())).toBe(1);
  });

  it('changes the page and keeps every other parameter; page 1 leaves `page` out', () => {
    const params = new URLSearchParams('actor=anna&page=2');
    expect(withListPage(params, 3).toString()).toBe('actor=anna&page=3');
    expect(withListPage(params, 1).toString()).toBe('actor=anna');
    expect(params.toString()).toBe('actor=anna&page=2');
  });
});
