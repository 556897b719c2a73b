/**
 * The credentials the sandbox accepts. commerce uses the same values when a provider has no real
 * credentials (services/commerce/src/providers/index.ts SANDBOX_CREDENTIALS).
 */
export const NOTCHPAY_PUBLIC_KEY = 'pk_test.sandbox';

export const MOMO = {
  apiUser: 'sandbox-user',
  apiKey: 'sandbox-key',
  subscriptionKey: 'sandbox-subscription',
  targetEnvironment: 'mtncameroon',
  currency: 'XAF',
} as const;

export const ORANGE = {
  username: 'sandbox',
  password: 'sandbox',
  authToken: 'sandbox-auth',
  channelMsisdn: '691000000',
  pin: '0000',
} as const;

/** Test numbers (MSISDN digits, no +) and what they force. */
export const MOMO_NUMBERS = {
  failed: '46733123450',
  rejected: '46733123451',
  timeout: '46733123452',
  pendingForever: '46733123454',
  success: '56733123453',
} as const;

export const ORANGE_NUMBERS = {
  success: '237699000001',
  insufficient: '237699000002',
  failed: '237699000003',
  expires: '237699000004',
} as const;

export const NOTCHPAY_NUMBERS = {
  complete: ['237674481721', '237656019261'],
  fail: ['237674000000', '237656000000'],
} as const;

/** Digits only; a 9-digit Cameroonian number (6xxxxxxxx) gets its 237 country code. */
export function normaliseMsisdn(raw: string | null | undefined): string {
  const digits = (raw ?? '').replace(/\D/g, '');
  if (digits.length === 9 && digits.startsWith('6')) return `237${digits}`;
  if (digits.startsWith('00')) return digits.slice(2);
  return digits;
}

/** Whether a token request's `Authorization: Basic …` names `user` and `secret` (both providers' token endpoints). */
export function basicAuthIs(authorization: string | undefined, user: string, secret: string): boolean {
  const m = /^Basic\s+(\S+)$/i.exec(authorization ?? '');
  return m !== null && Buffer.from(m[1], 'base64').toString('utf8') === `${user}:${secret}`;
}
