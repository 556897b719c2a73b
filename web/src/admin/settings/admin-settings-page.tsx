import { zodResolver } from '@hookform/resolvers/zod';
import { useApolloMutation, useApolloQuery } from '@/data/hooks';
import { Globe, Home, Landmark, Save, Share2, Stethoscope } from 'lucide-react';
import { useEffect, useId, type ReactElement, type ReactNode } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import * as z from 'zod/mini';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { usePage } from '@/hooks/use-page';
import { fr } from '@/i18n/fr';
import { adminFr } from '@/i18n/admin';
import { ServerMessageError, reportFailure, resultOf, toastFailure, toastSuccess } from '../lib/errors';
import { text } from '../lib/form-rules';
import { useLogError } from '../lib/use-log-error';
import { Textarea } from '@/components/ui/textarea';
import { FormField } from '@/components/ui/form-field';
import { FormSkeleton } from '../components/skeleton';
import { type SiteSettings, type SiteSettingsInput } from './operations';
import ADMIN_SETTINGS_PAGE from './graphql/admin-settings-page.query.graphql';
import UPDATE_SITE_SETTINGS from './graphql/update-site-settings.mutation.graphql';

const t = adminFr.settings;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

/** The server's NIU rule: a letter, 12 digits, a letter (spaces dropped, letters upper-cased). */
const TAX_ID = /^[A-Z]\d{12}[A-Z]$/;
const normalTaxId = (value: string) => value.replace(/\s+/g, '').toUpperCase();

/** The words the article editor warns about, one a line in the form, a list for the server. */
function claimWordsOf(text: string): string[] {
  return text
    .split('\n')
    .map((word) => word.trim())
    .filter(Boolean);
}

/** The server's limits: 100 words or phrases at most, each of 60 characters at most. */
const claimWords = z.string().check(
  z.refine((value) => claimWordsOf(value).every((word) => word.length <= 60), adminFr.common.tooLong(adminFr.fieldNames.claimWord, 60)),
  z.refine((value) => claimWordsOf(value).length <= 100, t.tooManyClaimWords),
);

/** Empty, or an absolute http(s) URL: the server's rule for the social links. */
const optionalUrl = text(adminFr.fieldNames.link, 500).check(z.trim(), z.refine((value) => value === '' || isHttpUrl(value), t.urlInvalid));

const settingsSchema = z.object({
  siteName: text(adminFr.fieldNames.siteName, 100).check(z.trim()),
  contactEmail: text("L'adresse e-mail", 254).check(z.trim(), z.refine((value) => value === '' || EMAIL.test(value), t.emailInvalid)),
  contactPhone: text(adminFr.fieldNames.phone, 40).check(z.trim()),
  siteDescription: text(adminFr.fieldNames.description, 500).check(z.trim()),
  heroTitle: text(adminFr.fieldNames.title, 200).check(z.trim()),
  heroSubtitle: text(adminFr.fieldNames.subtitle, 300).check(z.trim()),
  socialFacebook: optionalUrl,
  socialTwitter: optionalUrl,
  socialInstagram: optionalUrl,
  legalName: text(adminFr.fieldNames.legalName, 200).check(z.trim()),
  legalAddress: text("L'adresse", 300).check(z.trim()),
  taxId: z.string().check(z.refine((value) => value.trim() === '' || TAX_ID.test(normalTaxId(value)), t.taxIdInvalid)),
  healthClaimWords: claimWords,
});
type SettingsValues = z.infer<typeof settingsSchema>;
type SettingsKey = keyof SettingsValues;

const KEYS = Object.keys(settingsSchema.shape) as SettingsKey[];

function valuesOf(settings: SiteSettings | undefined): SettingsValues {
  const values = Object.fromEntries(KEYS.map((key) => [key, settings?.[key] ?? ''])) as SettingsValues;
  return { ...values, healthClaimWords: (settings?.healthClaimWords ?? []).join('\n') };
}

/** Only what was changed: a value that failed to load is never overwritten with ''. */
function changedInput(values: SettingsValues, dirty: Partial<Record<SettingsKey, unknown>>): SiteSettingsInput {
  const { healthClaimWords, ...texts } = values;
  const input: SiteSettingsInput = Object.fromEntries(Object.entries(texts).filter(([key]) => dirty[key as SettingsKey]));
  if (dirty.healthClaimWords) input.healthClaimWords = claimWordsOf(healthClaimWords);
  return input;
}

function Section({ icon, title, description, children }: { icon: ReactNode; title: string; description: string; children: ReactNode }) {
  return (
    <Card className="p-4 sm:p-6">
      <div className="mb-5 flex items-start gap-3">
        <span className="grid size-9 shrink-0 place-items-center rounded-md bg-accent text-accent-foreground [&_svg]:size-4" aria-hidden="true">
          {icon}
        </span>
        <div>
          <h2 className="text-lg font-semibold">{title}</h2>
          <p className="text-sm text-muted-foreground">{description}</p>
        </div>
      </div>
      <div className="grid gap-5 md:grid-cols-2">{children}</div>
    </Card>
  );
}

/**
 * The stored settings in a form (they replace the form's values as they arrive, unless the
 * administrator started typing) and its saving: only what was changed is sent.
 */
function useSettingsForm() {
  const { data, loading, error } = useApolloQuery(ADMIN_SETTINGS_PAGE, { fetchPolicy: 'cache-and-network' });
  useLogError(error, 'AdminSettingsPage');
  const [updateSettings] = useApolloMutation(UPDATE_SITE_SETTINGS);
  const form = useForm<SettingsValues>({ resolver: zodResolver(settingsSchema), defaultValues: valuesOf(data?.siteSettings) });
  // Read while rendering, so that the form keeps track of them.
  const { dirtyFields } = form.formState;

  const loaded = data?.siteSettings;
  useEffect(() => {
    if (loaded && !form.formState.isDirty) form.reset(valuesOf(loaded));
  }, [loaded, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    const input = changedInput(values, dirtyFields);
    try {
      const { data: result } = await updateSettings({ variables: { input } });
      const answer = resultOf(result, 'updateSiteSettings');
      form.reset(valuesOf(answer.settings ?? undefined));
      toastSuccess(t.saved, t.savedText);
    } catch (err) {
      if (err instanceof ServerMessageError) {
        // The server's words go beside the field they concern; the toast keeps the screen's message.
        const field = err.field as SettingsKey | null;
        if (field && KEYS.includes(field)) form.setError(field, { message: err.message }, { shouldFocus: true });
        console.error(t.failure, err);
        toastFailure(t.failure);
      } else reportFailure(err, t.failure);
    }
  });
  return { form, loading: !loaded && loading, onSubmit };
}

/** The five sections' fields: general, home page, legal identity, social links, health content. */
function SettingsSections({ form }: { form: UseFormReturn<SettingsValues> }) {
  const id = useId();
  const { errors } = form.formState;
  const field = (key: SettingsKey, input: ReactElement<Record<string, unknown>>, className?: string) => (
    <FormField id={`${id}-${key}`} label={t.fields[key]} error={errors[key]?.message} className={className}>
      {input}
    </FormField>
  );
  const url = (key: SettingsKey) => field(key, <Input type="url" inputMode="url" placeholder={t.urlPlaceholder} {...form.register(key)} />);

  return (
    <>
      <Section icon={<Globe />} title={t.general} description={t.generalText}>
        {field('siteName', <Input autoComplete="off" {...form.register('siteName')} />, 'md:col-span-2')}
        {field('contactEmail', <Input type="email" inputMode="email" autoComplete="off" {...form.register('contactEmail')} />)}
        {field('contactPhone', <Input type="tel" inputMode="tel" autoComplete="off" {...form.register('contactPhone')} />)}
        {field('siteDescription', <Textarea rows={3} {...form.register('siteDescription')} />, 'md:col-span-2')}
      </Section>
      <Section icon={<Home />} title={t.home} description={t.homeText}>
        {field('heroTitle', <Input autoComplete="off" {...form.register('heroTitle')} />, 'md:col-span-2')}
        {field('heroSubtitle', <Textarea rows={2} {...form.register('heroSubtitle')} />, 'md:col-span-2')}
      </Section>
      <Section icon={<Landmark />} title={t.legal} description={t.legalText}>
        {field('legalName', <Input autoComplete="organization" {...form.register('legalName')} />)}
        {field('taxId', <Input autoComplete="off" placeholder={t.taxIdPlaceholder} {...form.register('taxId')} />)}
        {field('legalAddress', <Textarea rows={3} autoComplete="street-address" {...form.register('legalAddress')} />, 'md:col-span-2')}
      </Section>
      <Section icon={<Share2 />} title={t.social} description={t.socialText}>
        {url('socialFacebook')}
        {url('socialTwitter')}
        {url('socialInstagram')}
      </Section>
      <Section icon={<Stethoscope />} title={t.health} description={t.healthText}>
        <FormField
          id={`${id}-healthClaimWords`}
          label={t.fields.healthClaimWords}
          hint={t.healthClaimWordsHint}
          error={errors.healthClaimWords?.message}
          className="md:col-span-2"
        >
          <Textarea rows={8} spellCheck={false} {...form.register('healthClaimWords')} />
        </FormField>
      </Section>
    </>
  );
}

/** /admin/settings (spec §2 Admin settings): three sections and 'Sauvegarder'. */
export default function AdminSettingsPage() {
  usePage(fr.admin.nav.settings);
  const { form, loading, onSubmit } = useSettingsForm();
  const { isSubmitting } = form.formState;

  return (
    <div className="mx-auto max-w-4xl">
      <h1 className="mb-5 text-2xl font-bold tracking-tight">{fr.admin.nav.settings}</h1>
      {loading ? (
        <Card className="p-4 sm:p-6">
          <FormSkeleton fields={6} />
        </Card>
      ) : (
        <form onSubmit={onSubmit} noValidate aria-label={fr.admin.nav.settings} className="flex flex-col gap-5">
          <fieldset disabled={isSubmitting} className="flex flex-col gap-5">
            <SettingsSections form={form} />
          </fieldset>
          <div className="sticky bottom-0 -mx-4 flex justify-end border-t bg-background/95 px-4 py-3 backdrop-blur sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:p-0">
            <Button type="submit" size="lg" disabled={isSubmitting} className="w-full sm:w-auto">
              <Save aria-hidden="true" />
              {isSubmitting ? t.saving : t.save}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
