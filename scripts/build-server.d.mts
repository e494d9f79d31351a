/** Types for build-server.mjs (imported by the benchmarks). */
export const serverEntry: string;
export function buildServer(): Promise<void>;
export function buildServerIfStale(): Promise<void>;
export function serverProcess(env?: NodeJS.ProcessEnv): { args: string[]; env: NodeJS.ProcessEnv };
export const SERVER_EXTERNAL: string[];
export function bundleProblem(name: string, text: string): string | undefined;
