/** Types for build-web-if-stale.mjs (imported by src/server/test/production-build.test.ts). */
export function productionBuildEnv(env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
export function buildWebIfStale(): void;
export function buildWeb(): void;
export function developmentBundleProblem(dir?: string): string | undefined;
