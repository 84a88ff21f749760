import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

export type PageLoader = () => Promise<{ default: ComponentType }>;

const screens = new Map<PageLoader, LazyExoticComponent<ComponentType>>();
const failed = new Set<PageLoader>();

function screenFor(load: PageLoader): LazyExoticComponent<ComponentType> {
  let screen = screens.get(load);
  if (!screen) {
    screen = lazy(() =>
      load().catch((error: unknown) => {
        failed.add(load);
        throw error;
      }),
    );
    screens.set(load, screen);
  }
  return screen;
}

/**
 * React.lazy remembers a failed import for ever: forget the failed ones, so that the next render
 * downloads them again. RouteBoundary's 重试 calls this.
 */
export function retryFailedPages(): void {
  for (const load of failed) screens.delete(load);
  failed.clear();
}

/**
 * A lazily loaded screen (React.lazy, one chunk per loader). Render it inside RouteBoundary
 * (Suspense with a spinner, and an ErrorBoundary whose 重试 retries a failed download).
 */
export function LazyPage({ load }: { load: PageLoader }) {
  const Screen = screenFor(load);
  return <Screen />;
}
