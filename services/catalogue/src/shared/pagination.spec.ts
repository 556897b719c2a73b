import { pageRequest, toPage } from './pagination';

describe('pagination', () => {
  it('defaults to page 1 of 12', () => {
    expect(pageRequest(undefined, undefined)).toEqual({ page: 1, pageSize: 12, offset: 0 });
  });

  it('computes the offset of a later page', () => {
    expect(pageRequest(3, 5)).toEqual({ page: 3, pageSize: 5, offset: 10 });
  });

  it('brings nonsense back into range', () => {
    expect(pageRequest(0, 0)).toEqual({ page: 1, pageSize: 1, offset: 0 });
    expect(pageRequest(-2, 10_000).pageSize).toBe(100);
  });

  it('counts pages from the total, at least one', () => {
    expect(toPage([], 0, pageRequest(1, 12)).totalPages).toBe(1);
    expect(toPage([], 25, pageRequest(1, 12)).totalPages).toBe(3);
  });
});
