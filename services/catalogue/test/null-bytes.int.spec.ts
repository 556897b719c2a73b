import { withHarness } from '@lbf/service-kit/testing';
import { setupCatalogue } from './harness';

/**
 * Issue 6: a NUL character in a search, a setting or a file name used to reach Postgres, which
 * cannot store it in text, and came back as an internal error. It is a validation error now.
 */
const t = withHarness(() => setupCatalogue());

const FORBIDDEN = 'Ce champ contient des caractères non autorisés.';

describe('a NUL character in an input', () => {
  it('refuses a catalogue search holding one as bad input, naming the field, never as an internal error', async () => {
    const inVariables = await t.query(`query($filter: VideoFilter) { videos(filter: $filter) { total } }`, { filter: { search: 'sommeil\u0000' } });
    expect(inVariables.errors?.[0]).toMatchObject({ message: FORBIDDEN, extensions: { code: 'BAD_USER_INPUT', field: 'search' } });

    const inLiteral = await t.query(`{ pdfs(filter: { search: "a\\u0000b" }) { total } articles(filter: { search: "ok" }) { total } }`);
    expect(inLiteral.errors?.[0]).toMatchObject({ message: FORBIDDEN, extensions: { code: 'BAD_USER_INPUT', field: 'search' } });
  });

  it('refuses a site setting holding one and leaves the settings unchanged', async () => {
    const res = await t.asAdmin(`mutation($input: SiteSettingsInput!) { updateSiteSettings(input: $input) { settings { siteName } error { code message field } } }`, {
      input: { siteName: 'LBF\u0000' },
    });
    expect(res.errors?.[0]).toMatchObject({ message: FORBIDDEN, extensions: { code: 'BAD_USER_INPUT', field: 'siteName' } });
    const after = await t.query<{ siteSettings: { siteName: string } }>(`{ siteSettings { siteName } }`);
    expect(after.data?.siteSettings.siteName).toBe('LBF');
  });

  it('refuses an upload whose file name holds one', async () => {
    const res = await t.asAdmin(`mutation($input: CreateUploadInput!) { createUpload(input: $input) { upload { uploadId } error { code message field } } }`, {
      input: { kind: 'PDF', fileName: 'guide\u0000.pdf', contentType: 'application/pdf', size: 1000 },
    });
    expect(res.errors?.[0]).toMatchObject({ message: FORBIDDEN, extensions: { code: 'BAD_USER_INPUT', field: 'fileName' } });
    expect(JSON.stringify(res)).not.toContain('INTERNAL_SERVER_ERROR');
  });
});
