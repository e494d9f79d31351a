/** Types for build-server.mjs (imported by the benchmarks). */
export const serverEntry: string;
export function buildServer(): Promise<void>;
export function buildServerIfStale(): Promise<void>;
