/** Types for prerender.mjs (imported by src/server/test/production-build.test.ts). */
export const PRERENDERED_PAGES: { path: string; file: string }[];
export const CONFIG_PLACEHOLDERS: Record<string, string>;
export function prerender(dir: string): Promise<void>;
export function scriptsAfterFirstPaint(html: string): string;
