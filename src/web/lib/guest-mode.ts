/** Guest mode is a flag in local storage; switching it reloads the page. */
const KEY = 'glint.guestMode';

export function isGuestMode(): boolean {
  try {
    return localStorage.getItem(KEY) === 'true';
  } catch {
    return false;
  }
}

/**
 * "Continue as Guest" submitted before the app took over the page arrives as `?guest=1`: the flag is set and
 * the address cleaned before the app starts (then it renders the booking start, not the visitor's home).
 */
export function takeGuestParameter(): void {
  const url = new URL(window.location.href);
  if (url.searchParams.get('guest') !== '1') return;
  try {
    localStorage.setItem(KEY, 'true');
  } catch {
    return;
  }
  url.searchParams.delete('guest');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

export function setGuestMode(on: boolean): void {
  if (on) localStorage.setItem(KEY, 'true');
  else localStorage.removeItem(KEY);
  window.location.reload();
}

const REDIRECT_KEY = 'glint.redirectAfterLogin';

/** Remembers where to go after sign-in (e.g. /driver for a visitor sent to /auth). */
export function rememberRedirect(path: string): void {
  sessionStorage.setItem(REDIRECT_KEY, path);
}

export function takeRedirect(): string | null {
  const value = sessionStorage.getItem(REDIRECT_KEY);
  sessionStorage.removeItem(REDIRECT_KEY);
  return value && value.startsWith('/') && !value.startsWith('//') ? value : null;
}
