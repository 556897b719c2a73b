import { describe, expect, it } from '@jest/globals';
import { connectionIsSlow, initialDataSaver } from './data-saver';

describe('data saver default', () => {
  it('is on for Save-Data and for 2g/3g connections', () => {
    expect(connectionIsSlow({ saveData: true, effectiveType: '4g' })).toBe(true);
    for (const effectiveType of ['slow-2g', '2g', '3g']) expect(connectionIsSlow({ effectiveType })).toBe(true);
    expect(connectionIsSlow({ effectiveType: '4g' })).toBe(false);
    expect(connectionIsSlow(undefined)).toBe(false);
  });

  it("keeps the viewer's own choice over the connection's hint", () => {
    expect(initialDataSaver('0', { saveData: true })).toBe(false);
    expect(initialDataSaver('1', { effectiveType: '4g' })).toBe(true);
    expect(initialDataSaver(null, { effectiveType: '3g' })).toBe(true);
  });

  it("is on in the site's low-data mode, whatever the player's last choice", () => {
    expect(initialDataSaver('0', { effectiveType: '4g' }, true)).toBe(true);
    expect(initialDataSaver(null, undefined, true)).toBe(true);
    expect(initialDataSaver(null, undefined, false)).toBe(false);
  });
});
