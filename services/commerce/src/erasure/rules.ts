import { SCRUBBED, scrubText } from '@lbf/service-kit';
import { parsePhoneNumberFromString } from 'libphonenumber-js';

/** Shorter strings are not searched for: a two-letter name would eat parts of unrelated words. */
const SHORTEST = 3;

/** What identifies a buyer in the texts commerce keeps: their addresses (the read model's, their orders'), names, and every phone they paid from. */
export interface BuyerIdentity {
  emails: readonly string[];
  firstName: string | null;
  lastName: string | null;
  /** E.164, as the attempts and claims keep them. */
  phones: readonly string[];
}

/**
 * The strings to find and scrub: the addresses (also URL-encoded, as they go in a query string), the
 * names (each, and whole), and each phone as E.164, as the providers' MSISDN (no +) and as its
 * national number (how Orange writes it). Longest first, so a whole name goes before its parts.
 */
export function buyerNeedles(b: BuyerIdentity): string[] {
  const phones = b.phones.flatMap((p) => [p, p.replace(/^\+/, ''), parsePhoneNumberFromString(p)?.nationalNumber ?? '']);
  const names = [b.firstName, b.lastName, [b.firstName, b.lastName].filter(Boolean).join(' ')];
  const all = [...b.emails.flatMap((e) => [e, encodeURIComponent(e)]), ...names, ...phones];
  const needles = all.flatMap((s) => (s && s.trim().length >= SHORTEST ? [s.trim()] : []));
  return [...new Set(needles)].sort((a, b) => b.length - a.length);
}

/** A JSON value with its strings scrubbed (keys and numbers untouched: a phone kept as a number is scrubbed too). */
export function scrubJson(value: unknown, needles: readonly string[]): unknown {
  if (typeof value === 'string') return scrubText(value, needles);
  if (typeof value === 'number' && needles.includes(String(value))) return SCRUBBED;
  if (Array.isArray(value)) return value.map((v) => scrubJson(v, needles));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrubJson(v, needles)]));
  return value;
}

/** A raw body as received: scrubbed as JSON when it is JSON (its structure kept), else as text. */
export function scrubBody(raw: string, needles: readonly string[]): string {
  try {
    return JSON.stringify(scrubJson(JSON.parse(raw), needles));
  } catch {
    return scrubText(raw, needles);
  }
}
