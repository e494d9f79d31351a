import { clsx, type ClassValue } from 'clsx';
import { mergeClasses } from './class-merge';

export function cn(...inputs: ClassValue[]): string {
  return mergeClasses(clsx(inputs));
}

/** How the app scrolls a step into view: smoothly, unless the device asks for less motion (then at once). */
export function scrollBehavior(): ScrollBehavior {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'instant' : 'smooth';
}
