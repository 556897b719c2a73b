import Bowser from 'bowser';

/** What « Mes données » says of a session's device, read from its stored user agent (bowser). */
export interface Device {
  browser: string | null;
  os: string | null;
  deviceType: 'mobile' | 'tablet' | 'desktop' | null;
}

const DEVICE_TYPES = new Set(['mobile', 'tablet', 'desktop']);

export function deviceOf(userAgent: string | null): Device {
  if (!userAgent) return { browser: null, os: null, deviceType: null };
  const parsed = Bowser.parse(userAgent);
  const type = parsed.platform.type ?? '';
  return {
    browser: parsed.browser.name || null,
    os: parsed.os.name || null,
    deviceType: DEVICE_TYPES.has(type) ? (type as Device['deviceType']) : null,
  };
}
