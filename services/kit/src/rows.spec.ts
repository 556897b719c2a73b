import { containsPattern, SqlFilter } from './rows';

describe('containsPattern', () => {
  it('matches anywhere and takes LIKE’s wildcards and its escape literally', () => {
    expect(['awa', '100%', '50%_a\\b'].map(containsPattern)).toEqual(['%awa%', '%100\\%%', '%50\\%\\_a\\\\b%']);
  });
});

describe('SqlFilter', () => {
  it('numbers its parameters as they are added; no condition, no WHERE', () => {
    expect(new SqlFilter().where).toBe('');
    const f = new SqlFilter();
    f.and(`a = ${f.param(1)}`).and('b IS NULL');
    expect(f.where).toBe('WHERE a = $1 AND b IS NULL');
    expect(f.params).toEqual([1]);
  });

  it('siteDays: the time zone once, then each day given, both included', () => {
    const f = new SqlFilter().siteDays('at', { from: '2026-11-01', to: '2026-11-30' }, 'Africa/Douala');
    expect(f.where).toBe(
      'WHERE at >= ($2::date)::timestamp AT TIME ZONE $1::text AND at < (($3::date + 1)::timestamp AT TIME ZONE $1::text)',
    );
    expect(f.params).toEqual(['Africa/Douala', '2026-11-01', '2026-11-30']);
    expect(new SqlFilter().siteDays('at', { from: null }, 'Africa/Douala').params).toEqual([]);
  });
});
