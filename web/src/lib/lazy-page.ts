import { createElement, isValidElement, lazy, type ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';

/** A route's page, fetched on first use (`lazy`), which can also be fetched ahead with `preload()`. */
export type LazyPage = ComponentType & { preload(): Promise<void> };

/**
 * `lazy()` for a route's page, plus `preload()`: once its code is there the page renders at once
 * instead of suspending. main.tsx preloads the server-rendered page before hydrating, because the app
 * runs on Preact (web/vite.config.ts), whose useId numbers ids in render order: a page suspended
 * during hydration would render after the footer and get other ids than the server wrote (a FAQ
 * answer labelled by the wrong question).
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  let Loaded: ComponentType | undefined;
  let pending: Promise<void> | undefined;
  const preload = () =>
    (pending ??= load().then((module) => {
      Loaded = module.default;
    }));
  const Lazy = lazy(() => preload().then(() => ({ default: Loaded as ComponentType })));
  function Page() {
    return Loaded ? createElement(Loaded) : createElement(Lazy);
  }
  return Object.assign(Page, { preload });
}

/** Fetches the pages of these route matches (their elements made with lazyPage), e.g. the router's first ones. */
export async function preloadPages(matches: ReadonlyArray<{ route: RouteObject }>): Promise<void> {
  await Promise.all(
    matches.map(({ route }) => {
      const type = isValidElement(route.element) ? (route.element.type as Partial<LazyPage>) : undefined;
      return typeof type?.preload === 'function' ? type.preload() : undefined;
    }),
  );
}
