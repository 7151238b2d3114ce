export { ErrorBoundary } from './error-boundary';
export { AppErrorBoundary, ErrorFallback, RouteErrorBoundary } from './error-fallback';
export { type ClientErrorReport, reportClientError } from './report-client-error';
