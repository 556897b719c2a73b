/**
 * What `react` is in the server's bundle (web/vite.config.ts aliases it here for `vite build --ssr`
 * only; the browser gets preact/compat itself): preact/compat, with a `lazy` whose output is framed
 * by Preact's suspense markers (<!--$s--> … <!--/$s-->).
 *
 * Why: in the browser, a lazy component whose chunk has not arrived yet suspends while it hydrates
 * (a route's page is fetched before hydration, lib/lazy-page; a lazy inside a page, like the contact
 * form, is not), and Preact 11 keeps the server's HTML in place for it only when that HTML sits
 * between these markers (without them it keeps the first node and drops the rest until the chunk
 * lands). preact-render-to-string writes them only around a component that suspended in that very
 * render, but the render the server sends is the last of several (entry-server.tsx), on a server
 * whose chunks are loaded after its first request: nothing suspends any more. So they are written
 * here, around every lazy; web/e2e/ssr.e2e.ts checks that hydration throws nothing away.
 */
import compat, { createElement, Fragment, lazy as compatLazy, type ComponentType } from 'preact/compat';

// @ts-expect-error -- compat's types are an `export =` namespace; the module itself has named exports.
export * from 'preact/compat';

/** A raw HTML comment, as preact-render-to-string writes it (a server-only Fragment prop). */
function marker(data: string) {
  return createElement(Fragment, { UNSTABLE_comment: data } as Record<string, unknown>);
}

export function lazy<P extends object>(load: () => Promise<{ default: ComponentType<P> } | ComponentType<P>>) {
  const Lazy = compatLazy(load as () => Promise<{ default: ComponentType<P> }>);
  function ServerLazy(props: P) {
    return createElement(Fragment, null, marker('$s'), createElement(Lazy as ComponentType<P>, props), marker('/$s'));
  }
  ServerLazy.displayName = 'Lazy';
  return ServerLazy;
}

export default { ...compat, lazy };
