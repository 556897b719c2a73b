/** Types of scripts/web-budget.js, for its unit test (web/src/lib/web-budget.spec.ts). */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;
export interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}
export interface PageRow {
  page: string;
  files: string[];
  js: Sizes;
  css: Sizes;
}
export interface PublicPage {
  page: string;
  route: string | string[];
}
export const PUBLIC_PAGE_JS_GZIP_TARGET_KB: number;
export const PUBLIC_PAGE_JS_GZIP_BUDGET_KB: number;
export const PUBLIC_PAGES: PublicPage[];
export function entryKeys(manifest: Manifest): string[];
export function chunksForPage(manifest: Manifest, routeKeys: string[]): string[];
export function filesForPage(manifest: Manifest, routeKeys: string[]): { js: string[]; css: string[] };
export function measurePages(
  manifest: Manifest,
  options: { pages?: PublicPage[]; readFile: (file: string) => Buffer; fileExists?: (route: string) => boolean },
): PageRow[];
export function overBudget(rows: PageRow[], budgetKb?: number): PageRow[];
export function formatTable(rows: PageRow[], budgetKb?: number, targetKb?: number): string;
