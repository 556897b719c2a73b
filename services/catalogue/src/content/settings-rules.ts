import { z } from 'zod';
import { messages } from '../shared/messages';

/** Site settings are key/value rows; these are the keys, their GraphQL field names and their defaults. */
export const SETTING_KEYS = [
  'site_name',
  'site_description',
  'site_logo',
  'hero_title',
  'hero_subtitle',
  'contact_email',
  'contact_phone',
  'social_facebook',
  'social_twitter',
  'social_instagram',
  'legal_name',
  'legal_address',
  'tax_id',
  'health_claim_words',
] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];

/**
 * Words and phrases by which a text claims to cure or treat: the article editor warns when it finds
 * one (case and accents ignored), and the administrator edits the list in « Paramètres du site ».
 */
export const DEFAULT_HEALTH_CLAIM_WORDS = [
  'guérit',
  'guérir',
  'guérison garantie',
  'soigne',
  'traite',
  'remède miracle',
  'miraculeux',
  'élimine le cancer',
  'cure',
] as const;
const MAX_CLAIM_WORDS = 100;

/** The list is stored as one value, a word or phrase per line. */
export function claimWordsOf(value: string): string[] {
  return value.split('\n').filter((w) => w !== '');
}

export const SETTING_DEFAULTS: Record<SettingKey, string> = {
  site_name: 'LBF',
  site_description: 'Votre plateforme santé et bien-être',
  site_logo: '',
  hero_title: 'Votre santé, notre priorité',
  hero_subtitle: 'Découvrez nos contenus exclusifs pour améliorer votre bien-être',
  contact_email: '',
  contact_phone: '',
  social_facebook: '',
  social_twitter: '',
  social_instagram: '',
  legal_name: '',
  legal_address: '',
  tax_id: '',
  health_claim_words: DEFAULT_HEALTH_CLAIM_WORDS.join('\n'),
};

/** snake_case key -> camelCase GraphQL field. */
export function fieldOf(key: SettingKey): string {
  return key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
}

const FIELD_TO_KEY = new Map(SETTING_KEYS.map((k) => [fieldOf(k), k]));

const text = (max: number) => z.string().trim().max(max, messages.tooLong('Ce champ', max));
/** Empty clears a link; otherwise an absolute http(s) URL. */
const url = z
  .string()
  .trim()
  .max(500, messages.tooLong('Ce lien', 500))
  .refine((v) => v === '' || isHttpUrl(v), messages.invalidUrl);

function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return u.protocol === 'https:' || u.protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * A Cameroonian taxpayer number (NIU, numéro d'identifiant unique): a letter (M for a company, P for
 * a person), twelve digits and a check letter, e.g. M012345678901A. Spaces are dropped and letters
 * upper-cased before the check, so it is stored as the tax office writes it.
 */
export const TAX_ID_PATTERN = /^[A-Z]\d{12}[A-Z]$/;
const taxId = z
  .string()
  .transform((v) => v.replace(/\s+/g, '').toUpperCase())
  .refine((v) => v === '' || TAX_ID_PATTERN.test(v), messages.invalidTaxId);

/** Each entry trimmed, its spaces (newlines included) made single, blanks and repeats dropped. */
const claimWords = z
  .array(z.string().transform((w) => w.replace(/\s+/g, ' ').trim()).pipe(z.string().max(60, messages.tooLong('Un mot ou une expression', 60))))
  .transform((words) => [...new Set(words.filter((w) => w !== ''))])
  .pipe(z.array(z.string()).max(MAX_CLAIM_WORDS, messages.tooManyClaimWords(MAX_CLAIM_WORDS)))
  .transform((words) => words.join('\n'));

const VALUE_RULES: Record<SettingKey, z.ZodType<string>> = {
  site_name: text(100),
  site_description: text(500),
  site_logo: url,
  hero_title: text(200),
  hero_subtitle: text(500),
  contact_email: z
    .string()
    .trim()
    .max(254)
    .refine((v) => v === '' || z.email().safeParse(v).success, messages.invalidEmail),
  contact_phone: text(40),
  social_facebook: url,
  social_twitter: url,
  social_instagram: url,
  legal_name: text(200),
  legal_address: text(300),
  tax_id: taxId,
  health_claim_words: claimWords,
};

/** Every setting is text but the claim words, sent as a list. */
export type SettingsInput = Partial<Record<string, string | readonly string[] | null | undefined>>;

export type SettingsValidation =
  | { ok: true; values: Array<{ key: SettingKey; value: string }> }
  | { ok: false; field: string; message: string };

/** Validates the fields an administrator sent (camelCase); absent or null fields are left unchanged. */
export function validateSettings(input: SettingsInput): SettingsValidation {
  const values: Array<{ key: SettingKey; value: string }> = [];
  for (const [field, raw] of Object.entries(input)) {
    if (raw === undefined || raw === null) continue;
    const key = FIELD_TO_KEY.get(field);
    if (!key) return { ok: false, field, message: 'Paramètre inconnu.' };
    const parsed = VALUE_RULES[key].safeParse(raw);
    if (!parsed.success) return { ok: false, field, message: parsed.error.issues[0]?.message ?? messages.invalidUrl };
    values.push({ key, value: parsed.data });
  }
  return { ok: true, values };
}

/** Stored rows over the defaults: every key always has a value. */
export function withDefaults(rows: Array<{ key: string; value: string }>): Record<SettingKey, string> {
  const out = { ...SETTING_DEFAULTS };
  for (const row of rows) if ((SETTING_KEYS as readonly string[]).includes(row.key)) out[row.key as SettingKey] = row.value;
  return out;
}
