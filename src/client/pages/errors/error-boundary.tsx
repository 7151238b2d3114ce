import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportClientError } from './report-client-error';

type ErrorBoundaryProps = {
  children: ReactNode;
  /** What to show instead of the children once something threw. */
  fallback: (error: Error, reset: () => void) => ReactNode;
  /** Send the error to the server (default true; off for the demo on /ui-components). */
  report?: boolean;
};

type ErrorBoundaryState = { error: Error | null };

/**
 * Catches render errors below it, reports them to the server and shows `fallback`; `reset`
 * (the fallback's 'Try again') renders the children again. Give it a `key` that changes with the
 * route so a new page starts clean.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    if (this.props.report !== false) reportClientError(error, info.componentStack);
  }

  reset = () => {
    this.setState({ error: null });
  };

  override render() {
    if (this.state.error) return this.props.fallback(this.state.error, this.reset);
    return this.props.children;
  }
}
