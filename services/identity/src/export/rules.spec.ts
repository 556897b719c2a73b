import { adminExportRequest, EXPORT_INTERVAL_HOURS, hoursBeforeNextExport } from './rules';

describe('one data export per person per day', () => {
  const now = new Date('2026-11-27T12:00:00Z');
  const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);

  it('lets a person who never asked ask now', () => {
    expect(hoursBeforeNextExport(null, now)).toBeNull();
  });

  it('holds a second request back, saying in whole hours how long', () => {
    expect(EXPORT_INTERVAL_HOURS).toBe(24);
    expect(hoursBeforeNextExport(hoursAgo(0), now)).toBe(24);
    expect(hoursBeforeNextExport(hoursAgo(1.5), now)).toBe(23);
    expect(hoursBeforeNextExport(hoursAgo(23.99), now)).toBe(1);
  });

  it('lets them ask again once the day is over', () => {
    expect(hoursBeforeNextExport(hoursAgo(24), now)).toBeNull();
    expect(hoursBeforeNextExport(hoursAgo(30), now)).toBeNull();
  });
});

describe('an administrator’s export for someone', () => {
  const userId = '7d3c1f0e-8d3b-4a57-9d7e-2f9f4f1b6a10';

  it('needs the person and a reason', () => {
    expect(adminExportRequest({ userId: ` ${userId.toUpperCase()} `, reason: ' Demandé par e-mail le 26/11 ' })).toEqual({ ok: true, value: { userId, reason: 'Demandé par e-mail le 26/11' } });
    expect(adminExportRequest({ userId, reason: '  ' })).toMatchObject({ ok: false, error: { field: 'reason', message: "Veuillez indiquer le motif de l'export." } });
    expect(adminExportRequest({ userId: 'pas-un-id', reason: 'x' })).toMatchObject({ ok: false, error: { field: 'userId' } });
    expect(adminExportRequest({ userId, reason: 'x'.repeat(2001) })).toMatchObject({ ok: false, error: { field: 'reason' } });
  });
});
