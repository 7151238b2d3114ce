export { ErrorBoundary } from './error-boundary';
export { AppErrorBoundary, ErrorFallback, isChunkLoadError, RouteErrorBoundary } from './error-fallback';
export { type ClientErrorReport, reportClientError } from './report-client-error';
