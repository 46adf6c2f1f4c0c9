import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import {
  applyToPagedLists,
  flattenPages,
  nearBottom,
  nextPageNumber,
  removeFromPages,
  replaceInPagedLists,
  searchFinds,
  textMatches,
  totalCount,
  upsertInPages,
  type Paged,
} from '@guiche/web-sdk';
import { contactMatches, contactTagParam } from '../src/features/contacts/lib/contact-filter.js';

type Row = { id: number; name: string };
const paged = (...pages: Row[][]): Paged<Row> => ({
  pages: pages.map((items, i) => ({ items, hasMore: i < pages.length - 1, count: i === 0 ? pages.flat().length : undefined })),
  pageParams: pages.map((_, i) => i + 1),
});

describe('paged lists of the contacts, tags and quick-messages pages', () => {
  it('asks for the next page only while the last answer had more (pages from 1)', () => {
    expect(nextPageNumber({ items: [], hasMore: true }, [], 1)).toBe(2);
    expect(nextPageNumber({ items: [], hasMore: false }, [], 3)).toBeUndefined();
  });

  it('loads more within 100 px of the bottom (inbox.md §9)', () => {
    expect(nearBottom({ scrollHeight: 1000, clientHeight: 400, scrollTop: 501 })).toBe(true);
    expect(nearBottom({ scrollHeight: 1000, clientHeight: 400, scrollTop: 500 })).toBe(false);
    expect(nearBottom({ scrollHeight: 300, clientHeight: 400, scrollTop: 0 })).toBe(true);
  });

  it('flattens pages in order, each row once even when offset paging repeats one', () => {
    const data = paged([{ id: 1, name: 'a' }, { id: 2, name: 'b' }], [{ id: 2, name: 'b' }, { id: 3, name: 'c' }]);
    expect(flattenPages(data).map((r) => r.id)).toEqual([1, 2, 3]);
    expect(flattenPages(undefined)).toEqual([]);
    expect(totalCount(data)).toBe(4);
  });

  it('replaces a changed row where it is, and drops it when it no longer matches the filters', () => {
    const data = paged([{ id: 1, name: 'a' }], [{ id: 2, name: 'b' }]);
    const changed = upsertInPages(data, { id: 2, name: 'B' }, true)!;
    expect(flattenPages(changed)).toEqual([{ id: 1, name: 'a' }, { id: 2, name: 'B' }]);
    expect(changed.pages[0]).toBe(data.pages[0]);
    const dropped = upsertInPages(data, { id: 2, name: 'B' }, false)!;
    expect(flattenPages(dropped).map((r) => r.id)).toEqual([1]);
    expect(totalCount(dropped)).toBe(1);
  });

  it('puts a new matching row on top of the first page and ignores one that does not match', () => {
    const data = paged([{ id: 1, name: 'a' }]);
    const added = upsertInPages(data, { id: 9, name: 'new' }, true)!;
    expect(flattenPages(added).map((r) => r.id)).toEqual([9, 1]);
    expect(totalCount(added)).toBe(2);
    expect(upsertInPages(data, { id: 9, name: 'new' }, false)).toBe(data);
    expect(upsertInPages(undefined, { id: 9, name: 'new' }, true)).toBeUndefined();
  });

  it('removes a deleted row from whichever page holds it, and leaves the data alone otherwise', () => {
    const data = paged([{ id: 1, name: 'a' }], [{ id: 2, name: 'b' }]);
    expect(flattenPages(removeFromPages(data, 2)).map((r) => r.id)).toEqual([1]);
    expect(totalCount(removeFromPages(data, 2))).toBe(1);
    expect(removeFromPages(data, 7)).toBe(data);
  });

  it('matches text ignoring case and accents, and an empty search matches everything', () => {
    expect(textMatches('zelia', 'Zélia Prado')).toBe(true);
    expect(textMatches('PRADO', null, 'zélia prado')).toBe(true);
    expect(textMatches('  ', 'x')).toBe(true);
    expect(textMatches('ana', 'Bruno', null, undefined)).toBe(false);
  });
});

describe('live changes applied to every cached list', () => {
  const listsKey = ['rows', 'list'];
  const ids = (client: QueryClient, search: string) => flattenPages(client.getQueryData<Paged<Row>>([...listsKey, { search }])).map((r) => r.id);
  const client = () => {
    const c = new QueryClient();
    c.setQueryData([...listsKey, { search: '' }], paged([{ id: 1, name: 'Ana' }, { id: 2, name: 'Bia' }]));
    c.setQueryData([...listsKey, { search: 'bia' }], paged([{ id: 2, name: 'Bia' }]));
    return c;
  };

  it('adds a new record on top of the lists whose search finds it, and only those', () => {
    const c = client();
    applyToPagedLists<Row>(c, listsKey, { record: { id: 3, name: 'Bianca' }, matches: searchFinds('Bianca') });
    expect(ids(c, '')).toEqual([3, 1, 2]);
    expect(ids(c, 'bia')).toEqual([3, 2]);
    applyToPagedLists<Row>(c, listsKey, { record: { id: 4, name: 'Caio' }, matches: searchFinds('Caio') });
    expect(ids(c, 'bia')).toEqual([3, 2]);
  });

  it('hands each list its own filters, drops a record from those it left, and removes a deleted one everywhere', () => {
    const c = client();
    const seen: unknown[] = [];
    applyToPagedLists<Row, { search: string }>(c, listsKey, { record: { id: 2, name: 'Beatriz' }, matches: (params) => (seen.push(params), textMatches(params?.search ?? '', 'Beatriz')) });
    expect(seen).toEqual(expect.arrayContaining([{ search: '' }, { search: 'bia' }]));
    expect(ids(c, '')).toEqual([1, 2]);
    expect(ids(c, 'bia')).toEqual([]);
    applyToPagedLists<Row>(c, listsKey, { removedId: 1 });
    expect(ids(c, '')).toEqual([2]);
  });

  it('puts a saved record in place only where it is already listed', () => {
    const c = client();
    replaceInPagedLists<Row>(c, listsKey, { id: 2, name: 'Bia Souza' });
    expect(c.getQueryData<Paged<Row>>([...listsKey, { search: 'bia' }])?.pages[0].items).toEqual([{ id: 2, name: 'Bia Souza' }]);
    replaceInPagedLists<Row>(c, listsKey, { id: 9, name: 'Novo' });
    expect(ids(c, '')).toEqual([1, 2]);
  });
});

describe('contact filters', () => {
  const contact = { name: 'Marta Vip', email: 'marta@exemplo.com', number: '5511911110001', tags: [{ id: 3, name: 'VIP', color: '#D13913', kanban: false }] };

  it('keeps a live contact in a list only when it matches the search and one of the filtered tags', () => {
    expect(contactMatches(contact, { search: '', tagIds: [] })).toBe(true);
    expect(contactMatches(contact, { search: '1110001', tagIds: [] })).toBe(true);
    expect(contactMatches(contact, { search: 'exemplo.com', tagIds: [3, 4] })).toBe(true);
    expect(contactMatches(contact, { search: '', tagIds: [4] })).toBe(false);
    expect(contactMatches(contact, { search: 'otávio', tagIds: [] })).toBe(false);
  });

  it('sends contactTag as a sorted JSON array, and nothing without tags', () => {
    expect(contactTagParam([5, 2])).toBe('[2,5]');
    expect(contactTagParam([])).toBeUndefined();
  });
});
