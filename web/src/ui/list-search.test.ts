import { describe, expect, it } from 'vitest';
import { userListQuery } from '@portal/contract';
import { cleanListSearch, listDefaults, listQueryParams, pagerTotal } from './list-search.ts';

describe('list search in the URL', () => {
  it('knows the list query defaults', () => {
    expect(listDefaults(userListQuery)).toEqual({ page: 1, limit: 10, sort_dir: 'desc', sort_by: 'created_at' });
  });

  it('keeps only what differs from the defaults, numbers as numbers', () => {
    expect(cleanListSearch(userListQuery, { page: '1', limit: '10', sort_dir: 'desc', sort_by: 'created_at' })).toEqual({});
    expect(cleanListSearch(userListQuery, { page: '3', limit: '50', sort_by: 'name', sort_dir: 'asc', role_id: '4' })).toEqual({
      page: 3,
      limit: 50,
      sort_by: 'name',
      sort_dir: 'asc',
      role_id: 4,
    });
  });

  it('takes the values the router already parsed (page=2 arrives as a number)', () => {
    expect(cleanListSearch(userListQuery, { page: 2, status: 1 })).toEqual({ page: 2, status: 1 });
  });

  it('keeps a search as text, even when it is all digits', () => {
    expect(cleanListSearch(userListQuery, { search: '0812345' })).toEqual({ search: '0812345' });
  });

  it('drops unknown keys, refused values, empty values and is_all, and keeps the rest', () => {
    expect(cleanListSearch(userListQuery, { page: '0', sort_by: 'password', status: '9', foo: 'bar', search: '', is_all: 'true', role_id: '2' })).toEqual({ role_id: 2 });
    expect(cleanListSearch(userListQuery, { page: 'two', limit: '-5' })).toEqual({});
    expect(cleanListSearch(userListQuery, { nested: { a: 1 }, list: ['x'] })).toEqual({});
  });

  it('never throws, so a hand-edited URL still opens the list', () => {
    expect(cleanListSearch(userListQuery, { page: '-1', limit: 'lots', sort_dir: 'sideways' })).toEqual({});
  });

  it('sends the API the full query with the defaults filled in and the limit capped', () => {
    expect(listQueryParams(userListQuery, {})).toEqual({ page: 1, limit: 10, sort_dir: 'desc', sort_by: 'created_at' });
    expect(listQueryParams(userListQuery, { page: 4, limit: '500', search: ' ana ', role_id: '3', junk: 'x' })).toEqual({
      page: 4,
      limit: 100,
      sort_dir: 'desc',
      sort_by: 'created_at',
      search: 'ana',
      role_id: 3,
    });
  });

  it('drops a page number past the offset bound, unless it comes with the cursor of the page before', () => {
    expect(cleanListSearch(userListQuery, { page: 1002, limit: 10 })).toEqual({});
    expect(cleanListSearch(userListQuery, { page: 101, limit: 100 })).toEqual({ page: 101, limit: 100 });
    expect(cleanListSearch(userListQuery, { page: 1002, limit: 10, cursor: 'abc' })).toEqual({ page: 1002, cursor: 'abc' });
  });

  it('offers page numbers only as deep as they open, and the next page after a deeper one', () => {
    expect(pagerTotal(500, 10, 1, true)).toBe(500);
    expect(pagerTotal(1_000_000, 10, 1, true)).toBe(10_010);
    expect(pagerTotal(1_000_000, 100, 3, true)).toBe(10_100);
    expect(pagerTotal(1_000_000, 10, 5000, true)).toBe(50_010);
    expect(pagerTotal(50_005, 10, 5000, true)).toBe(50_005);
  });
});
