import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorScreen } from './error-screen';

interface Props {
  children: ReactNode;
  fullPage?: boolean;
}

/**
 * Catches what the router's errorElement cannot: errors above the router (providers) and in
 * descendant <Routes> such as the admin area's. React offers error boundaries only as classes;
 * give it a `key` (e.g. the path) to forget a caught error when the visitor moves on.
 */
export class ErrorBoundary extends Component<Props, { error: unknown }> {
  state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('unknown render error') };
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('render error caught by the boundary', error, info.componentStack);
  }

  render() {
    if (this.state.error) return <ErrorScreen error={this.state.error} fullPage={this.props.fullPage} />;
    return this.props.children;
  }
}
