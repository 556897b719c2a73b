import { deviceOf } from './devices';

describe('a session’s device, from its user agent', () => {
  it('names the browser, the system and the kind of device', () => {
    expect(deviceOf('Mozilla/5.0 (Linux; Android 13; SM-A536B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36')).toEqual({
      browser: 'Chrome',
      os: 'Android',
      deviceType: 'mobile',
    });
    expect(deviceOf('Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1')).toEqual({
      browser: 'Safari',
      os: 'iOS',
      deviceType: 'mobile',
    });
    expect(deviceOf('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0')).toEqual({ browser: 'Firefox', os: 'Windows', deviceType: 'desktop' });
  });

  it('says nothing it cannot read', () => {
    expect(deviceOf(null)).toEqual({ browser: null, os: null, deviceType: null });
    expect(deviceOf('curl/8.5.0')).toMatchObject({ os: null, deviceType: null });
  });
});
