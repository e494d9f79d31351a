/** Types for build-pglite-template.mjs (imported by its test). */
export const pgliteTemplateDir: string;
export function buildPgliteTemplateIfStale(): void;
