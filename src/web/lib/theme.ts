import type { Theme } from '@shared/domain';

const KEY = 'glint.theme';
let media: MediaQueryList | undefined;

/** Applies light, dark or auto (follows the device) to the document and remembers it on this device. */
export function applyTheme(theme: Theme): void {
  localStorage.setItem(KEY, theme);
  media ??= window.matchMedia('(prefers-color-scheme: dark)');
  const dark = theme === 'dark' || (theme === 'auto' && media.matches);
  document.documentElement.classList.toggle('dark', dark);
  media.onchange = theme === 'auto' ? () => applyTheme('auto') : null;
}

/** The theme chosen on this device; without a choice the device's own (prefers-color-scheme). */
export function storedTheme(): Theme {
  const value = localStorage.getItem(KEY);
  return value === 'dark' || value === 'light' ? value : 'auto';
}

/** Whether the page is dark right now (a chosen dark theme, or auto on a dark device). */
export function isDark(): boolean {
  return document.documentElement.classList.contains('dark');
}
