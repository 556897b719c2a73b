import { createElement, isValidElement, lazy, type ComponentType } from 'react';
import { matchRoutes, type RouteObject } from 'react-router-dom';

/** A route's page, fetched on first use (`lazy`), which can also be fetched ahead with `preload()`. */
export type LazyPage<P extends object = object> = ComponentType<P> & { preload(): Promise<void> };

/**
 * A page's module. `ready`, when it exports one, fetches what the page renders at once beside it (a
 * form in a chunk of its own): preload() waits for it too, so hydration finds it all there.
 */
interface PageModule<P> {
  default: ComponentType<P>;
  ready?: () => Promise<unknown>;
}

/**
 * `lazy()` for a route's page, plus `preload()`: once its code is there the page renders at once
 * instead of suspending. main.tsx preloads the server-rendered page before hydrating, because the app
 * runs on Preact (web/vite.config.ts), whose useId numbers ids in render order: a page suspended
 * during hydration would render after the footer and get other ids than the server wrote (a FAQ
 * answer labelled by the wrong question).
 */
export function lazyPage<P extends object = object>(load: () => Promise<PageModule<P>>): LazyPage<P> {
  let Loaded: ComponentType<P> | undefined;
  let pending: Promise<void> | undefined;
  const preload = () =>
    (pending ??= load().then(async (module) => {
      await module.ready?.();
      Loaded = module.default;
    }));
  const Lazy = lazy(() => preload().then(() => ({ default: Loaded as ComponentType<P> })));
  function Page(props: P) {
    return Loaded ? createElement(Loaded, props) : createElement(Lazy, props);
  }
  return Object.assign(Page, { preload });
}

/** Fetches the pages the routes matching `pathname` render (their elements made with lazyPage). */
export async function preloadPages(routes: RouteObject[], pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(({ route }) => {
      const type = isValidElement(route.element) ? (route.element.type as Partial<LazyPage>) : undefined;
      return typeof type?.preload === 'function' ? type.preload() : undefined;
    }),
  );
}
