import type { FastifyInstance } from 'fastify';

/** Reads method + full path of every route from Fastify's radix-tree print-out. */
export function routeTable(app: FastifyInstance): Array<{ method: string; url: string }> {
  const lines = app.printRoutes({ commonPrefix: false }).split('\n').filter((l) => l.trim());
  const stack: string[] = [];
  const routes: Array<{ method: string; url: string }> = [];
  for (const line of lines) {
    const match = /^([\s│]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    const url = stack.join('');
    for (const method of (match[3] ?? '').split(',').map((m) => m.trim()).filter(Boolean)) {
      if (method !== 'HEAD' && method !== 'OPTIONS') routes.push({ method, url });
    }
  }
  return routes;
}
