import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { childPath, paths, patternRegExp, PREVIEW_MODULE, PRIVATE_SECTIONS, ROUTE_ENTRIES, routeManifest, shellPaths } from './route-manifest';

const web = join(__dirname, '..', '..');

describe('the route manifest', () => {
  it('names modules that exist, each the one routes.tsx imports for the route', () => {
    const routes = readFileSync(join(web, 'src', 'routes.tsx'), 'utf8');
    // `key: lazyPage(… import('@/x'))`, or `key: Name` with `const Name = lazyPage(… import('@/x'))`.
    const named = new Map([...routes.matchAll(/^const (\w+) = lazyPage\(.*import\('@\/([^']+)'\)/gm)].map((m) => [m[1]!, `src/${m[2]}.tsx`]));
    const imported = new Map(
      [...routes.matchAll(/^ {2}(\w+): (?:lazyPage\(.*import\('@\/([^']+)'\)|(\w+),$)/gm)].map((m) => [m[1]!, m[2] ? `src/${m[2]}.tsx` : named.get(m[3]!)]),
    );
    const manifest = routeManifest();
    expect([...imported.keys()]).toEqual(manifest.map(([key]) => key));
    for (const [key, r] of manifest) expect([key, imported.get(key)]).toEqual([key, r.module]);
    const modules = manifest.map(([, r]) => r.module);
    for (const module of [...modules, PREVIEW_MODULE, ...manifest.flatMap(([, r]) => r.with ?? [])]) {
      expect([module, existsSync(join(web, module))]).toEqual([module, true]);
    }
  });

  it('gives each route one path, guarded as its layout allows', () => {
    const all = ROUTE_ENTRIES.map(([, r]) => r.path);
    expect(new Set(all).size).toBe(all.length);
    for (const [key, r] of routeManifest()) {
      // RequireUser wraps customer pages inside the site layout; RequireAdmin the pages of their own.
      if (r.guard === 'customer') expect([key, r.layout]).toEqual([key, 'site']);
      if (r.guard === 'admin') expect([key, r.layout]).toEqual([key, 'full-page']);
      if (r.preview) expect([key, r.guard, r.ssr]).toEqual([key, 'customer', true]);
      if (r.budget || r.sitemap) expect([key, r.guard, r.ssr]).toEqual([key, 'visitor', true]);
    }
    expect(childPath(ROUTE_ENTRIES[0]![1])).toBe('');
  });

  it('builds paths its routes match', () => {
    const matches = (path: string) => ROUTE_ENTRIES.filter(([, r]) => r.path !== '*' && patternRegExp(r.path).test(path)).map(([key]) => key);
    expect(matches(paths.home())).toEqual(['home']);
    expect(matches(paths.news())).toEqual(['news']);
    expect(matches(paths.article('12'))).toEqual(['article']);
    expect(matches(paths.video('v1'))).toEqual(['video']);
    expect(matches(paths.videoShort('v1'))).toEqual(['videoShort']);
    expect(matches(paths.pdfs())).toEqual(['pdfs']);
    expect(matches(paths.pdf(3))).toEqual(['pdf']);
    expect(matches(paths.receipt('o-1'))).toEqual(['receipt']);
    // The admin area's splat matches its login too; react-router ranks the static path first.
    expect(matches(paths.adminLogin())).toEqual(['adminLogin', 'admin']);
    expect(matches(paths.admin())).toEqual(['admin']);
    expect(matches(paths.admin('users'))).toEqual(['admin']);
    expect(matches(paths.dashboard('messages'))).toEqual(['dashboard']);
    expect(patternRegExp('*').test('/nimporte/quoi')).toBe(true);
    expect(paths.article('a&b')).toBe('/actualites/a%26b');
    expect(paths.dashboard()).toBe('/dashboard');
    expect(paths.dashboard('achats')).toBe('/dashboard/achats');
    expect(paths.admin()).toBe('/admin');
    expect(paths.admin('users')).toBe('/admin/users');
  });

  it('leaves the signed-in and token sections to the app shell, and exact list pages where a section is rendered', () => {
    expect(shellPaths()).toEqual({ sections: ['/auth', '/newsletter', '/payer-pour-moi', '/cadeau', '/dashboard', '/recu', '/paiement', '/admin'], exact: ['/videos', '/pdfs'] });
    expect(PRIVATE_SECTIONS).toEqual(shellPaths().sections);
  });
});
