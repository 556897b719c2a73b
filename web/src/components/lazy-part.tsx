import { Component, lazy, Suspense, type ComponentType, type ErrorInfo, type LazyExoticComponent, type ReactNode } from 'react';
import { isChunkLoadError } from '@/components/errors/chunk-error';

type Loader<P> = () => Promise<{ default: ComponentType<P> }>;

export interface LazyPartProps {
  /** Shown while the part's chunk arrives. */
  fallback: ReactNode;
  /** Shown when the chunk did not arrive; `retry` fetches it again. Nothing when left out. */
  failed?: (retry: () => void) => ReactNode;
}

/**
 * A piece of a page (a menu, a dialog) fetched the first time it is rendered. A chunk that does
 * not arrive (connection lost, a deploy replaced the file) shows `failed` in its place instead of
 * the route's error screen, and can be asked for again: React.lazy remembers a failed import
 * forever, so a retry starts a new lazy component.
 */
export function lazyPart<P extends object>(load: Loader<P>): ComponentType<P & LazyPartProps> {
  let current: LazyExoticComponent<ComponentType<P>> = lazy(load);
  const retry = () => {
    current = lazy(load);
  };
  function Part({ fallback, failed, ...props }: P & LazyPartProps) {
    const Loaded = current;
    return (
      <PartBoundary failed={failed} onRetry={retry}>
        <Suspense fallback={fallback}>
          <Loaded {...(props as unknown as P)} />
        </Suspense>
      </PartBoundary>
    );
  }
  return Part;
}

class PartBoundary extends Component<
  { children: ReactNode; failed?: LazyPartProps['failed']; onRetry(): void },
  { error: unknown }
> {
  state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('unknown render error') };
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.warn(isChunkLoadError(error) ? 'a part of the page did not load' : 'a part of the page failed', error, info.componentStack);
  }

  private retry = () => {
    this.props.onRetry();
    this.setState({ error: null });
  };

  render() {
    if (this.state.error) return this.props.failed?.(this.retry) ?? null;
    return this.props.children;
  }
}
