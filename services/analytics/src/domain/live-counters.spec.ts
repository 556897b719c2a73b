import { nextLiveCounters, type LiveCounters } from './live-counters';

const sent: LiveCounters = { registeredUsers: 10, visitsToday: 50, day: '2025-06-01' };

describe('what a live subscriber is sent next', () => {
  it('sends the first update as it is', () => {
    expect(nextLiveCounters(null, sent)).toEqual(sent);
  });

  it('sends an update that raises a counter on the same day', () => {
    expect(nextLiveCounters(sent, { ...sent, visitsToday: 51 })).toEqual({ ...sent, visitsToday: 51 });
    expect(nextLiveCounters(sent, { ...sent, registeredUsers: 11 })).toEqual({ ...sent, registeredUsers: 11 });
  });

  it('drops an update of the same day whose values are both lower (published out of order)', () => {
    expect(nextLiveCounters(sent, { ...sent, registeredUsers: 9, visitsToday: 49 })).toBeNull();
  });

  it('drops an update that brings nothing new', () => {
    expect(nextLiveCounters(sent, { ...sent })).toBeNull();
    expect(nextLiveCounters(sent, { ...sent, visitsToday: 49 })).toBeNull();
  });

  it('never lets one counter go back when the other goes up', () => {
    // A registration that read the visits before a concurrent visit committed.
    expect(nextLiveCounters(sent, { ...sent, registeredUsers: 11, visitsToday: 49 })).toEqual({ ...sent, registeredUsers: 11 });
  });

  it('accepts a new day even though its visits start again from low', () => {
    const nextDay = { registeredUsers: 10, visitsToday: 1, day: '2025-06-02' };
    expect(nextLiveCounters(sent, nextDay)).toEqual(nextDay);
  });

  it('drops a late update of the previous day', () => {
    const today = { registeredUsers: 10, visitsToday: 1, day: '2025-06-02' };
    expect(nextLiveCounters(today, { ...sent, visitsToday: 60 })).toBeNull();
  });
});
