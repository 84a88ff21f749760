import { type ReactNode, Suspense } from 'react';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { retryFailedPages } from './lazyPage.tsx';
import { PageLoading } from './PageLoading.tsx';

/**
 * Every lazy route: an error boundary around Suspense with a spinner. A new `resetKey` (the route)
 * clears a crash, so that moving to another screen is not stuck on the error view.
 */
export function RouteBoundary({
  children,
  resetKey,
  fullScreen = false,
  fallback,
}: {
  children: ReactNode;
  resetKey?: string;
  fullScreen?: boolean;
  /** What shows while loading instead of the spinner (the user app's content skeleton). */
  fallback?: ReactNode;
}) {
  return (
    <ErrorBoundary key={resetKey} onReset={retryFailedPages}>
      <Suspense fallback={fallback ?? <PageLoading fullScreen={fullScreen} />}>{children}</Suspense>
    </ErrorBoundary>
  );
}
