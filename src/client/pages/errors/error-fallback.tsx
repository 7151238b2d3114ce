import { House, RefreshCw, TriangleExclamationPoint } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button, cx } from '../../components';
import { ErrorBoundary } from './error-boundary';

type ErrorFallbackProps = {
  error: Error;
  onReset: () => void;
  /** Fill the whole viewport (top-level boundary, outside the shell). */
  fullPage?: boolean;
  /** The error was sent to the server (default true). */
  reported?: boolean;
};

/** A screen's code could not be loaded (usually a new version was deployed): only a reload helps. */
export function isChunkLoadError(error: Error): boolean {
  return /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(
    error.message,
  );
}

/** Spec §2/§8: 'Something went wrong', the error message, and 'Try again'. */
export function ErrorFallback({ error, onReset, fullPage = false, reported = true }: ErrorFallbackProps) {
  const retry = isChunkLoadError(error) ? () => window.location.reload() : onReset;
  return (
    <div className={cx('error-fallback', fullPage && 'error-fallback--page')}>
      <div className="error-fallback__card" role="alert">
        <span className="error-fallback__icon" aria-hidden="true">
          <TriangleExclamationPoint size={22} />
        </span>
        <h1 className="error-fallback__title">Something went wrong</h1>
        <p className="error-fallback__lead">
          Er ging iets mis bij het tonen van deze pagina.{reported ? ' De fout is gemeld.' : ''}
        </p>
        {error.message ? <pre className="error-fallback__message">{error.message}</pre> : null}
        <div className="error-fallback__actions">
          <Button icon={<RefreshCw />} onClick={retry}>
            Try again
          </Button>
          {fullPage ? (
            <Button variant="secondary" icon={<House />} onClick={() => window.location.assign('/')}>
              Naar het dashboard
            </Button>
          ) : null}
        </div>
      </div>
    </div>
  );
}

/** The boundary around each protected screen (inside the shell). Key it by route. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary fallback={(error, reset) => <ErrorFallback error={error} onReset={reset} />}>
      {children}
    </ErrorBoundary>
  );
}

/** The last line of defence around the whole app. */
export function AppErrorBoundary({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary fallback={(error, reset) => <ErrorFallback error={error} onReset={reset} fullPage />}>
      {children}
    </ErrorBoundary>
  );
}
