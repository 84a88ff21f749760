/**
 * Navigation from outside React (the request layer's 401 rule). The router registers its own
 * navigate function at start-up; before that (and in tests that do not set one) the browser loads the page.
 */
type Navigate = (to: string, options?: { replace?: boolean }) => void;

const browserNavigate: Navigate = (to, options) => {
  if (options?.replace) window.location.replace(to);
  else window.location.assign(to);
};

let current: Navigate = browserNavigate;

export function setNavigator(navigate: Navigate | null): void {
  current = navigate ?? browserNavigate;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  current(to, options);
}

const AUTH_PAGES = ['/login', '/register'];

export function isAuthPage(pathname: string): boolean {
  return AUTH_PAGES.some((page) => pathname === page || pathname.startsWith(`${page}/`));
}

/** /login?redirect=<path+search> for the page being left. */
export function loginUrl(redirect: string): string {
  return `/login?redirect=${encodeURIComponent(redirect)}`;
}

/**
 * A redirect target from the query string that is safe to follow: a same-origin path (not //host,
 * not a scheme) that is not the login or register page itself. Otherwise null.
 */
export function safeRedirect(target: string | null | undefined): string | null {
  if (!target?.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return null;
  const pathname = target.split(/[?#]/)[0] ?? '';
  if (isAuthPage(pathname)) return null;
  return target;
}
