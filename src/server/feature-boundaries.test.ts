import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The real eslint.config.js, run on files that exist only in memory.
const eslint = new ESLint({ cwd: process.cwd() });

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === 'glint/boundaries').map((m) => m.message);
}

describe('server feature boundaries (eslint.config.js, docs/decisions/033-feature-faces.md)', () => {
  it('refuses a deep import into another feature, from its code or its tests', async () => {
    expect(await boundaryErrors('src/server/features/payments/x.ts', "export { findBookingView } from '../bookings/bookings.repository';\n")).toHaveLength(1);
    expect(await boundaryErrors('src/server/features/payments/x.test.ts', "export { bookingVerbs } from '../bookings/lifecycle';\n")).toHaveLength(1);
    expect(await boundaryErrors('src/server/features/admin/schedule/x.ts', "export const load = () => import('../../slots/slots.service');\n")).toHaveLength(1);
    expect(await boundaryErrors('src/server/features/store-orders/x.ts', "export { claimStaffTime } from '../admin/schedule/schedule.service';\n")).toHaveLength(1);
  });

  it('refuses the route registry reaching past a face', async () => {
    expect(await boundaryErrors('src/server/features/index.ts', "export { authRoutes } from './auth/auth.routes';\n")).toHaveLength(1);
  });

  it("lets a feature use another feature's face, its own files, and the platform", async () => {
    const code = "export { bookingVerbs } from '../bookings';\nexport { hashToken } from '../auth/index';\nexport { settlePayment } from './payments.service';\nexport { AppError } from '../../errors';\n";
    expect(await boundaryErrors('src/server/features/payments/x.ts', code)).toEqual([]);
    expect(await boundaryErrors('src/server/features/index.ts', "export { authRoutes } from './auth';\n")).toEqual([]);
  });

  it('treats admin and its sub-folders as one feature', async () => {
    expect(await boundaryErrors('src/server/features/admin/bookings/x.ts', "export { claimStaffTime } from '../schedule/schedule.service';\n")).toEqual([]);
  });
});

// The feature graph: an edge A → B when a file of feature A imports anything of feature B.
const FEATURES = path.join(process.cwd(), 'src/server/features');

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** The feature of a file or an import target (a face is imported as the folder itself). */
function featureOf(file: string): string | null {
  const [first] = path.relative(FEATURES, file).split(path.sep);
  return first && first !== '..' && !/^index(\.ts)?$/.test(first) ? first : null;
}

function featureGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of filesUnder(FEATURES)) {
    const from = featureOf(file);
    if (!from) continue;
    const edges = graph.get(from) ?? graph.set(from, new Set()).get(from)!;
    for (const match of readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)) {
      const to = featureOf(path.resolve(path.dirname(file), match[1]!));
      if (to && to !== from) edges.add(to);
    }
  }
  return graph;
}

/** The other features a file imports (by their folder names). */
function featuresImportedBy(file: string): string[] {
  const own = featureOf(file);
  const imported = [...readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)].map((m) => featureOf(path.resolve(path.dirname(file), m[1]!)));
  return [...new Set(imported.filter((f): f is string => Boolean(f) && f !== own))].sort();
}

/** One loop of the graph (as a path that ends where it starts), or null. */
function findLoop(graph: Map<string, Set<string>>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string): string[] | null => {
    if (state.get(node) === 'open') return [...stack.slice(stack.indexOf(node)), node];
    if (state.get(node) === 'done') return null;
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      const loop = visit(next);
      if (loop) return loop;
    }
    stack.pop();
    state.set(node, 'done');
    return null;
  };
  for (const node of graph.keys()) {
    const loop = visit(node);
    if (loop) return loop;
  }
  return null;
}

describe('server feature graph', () => {
  it('has no loop between feature folders (tests included)', () => {
    expect(findLoop(featureGraph())).toBeNull();
  });

  it('finds a loop when there is one', () => {
    const graph = new Map([
      ['bookings', new Set(['slots'])],
      ['slots', new Set(['services'])],
      ['services', new Set(['bookings'])],
    ]);
    expect(findLoop(graph)).toEqual(['bookings', 'slots', 'services', 'bookings']);
  });

  // The lifecycle records a change as a booking event and never calls who listens (decision 035): e-mails,
  // store fulfilment and the rest subscribe from their faces. Still imported until the capacity claim moves
  // into the verbs: slots. The list only shrinks (an entry no longer imported fails the test).
  const LIFECYCLE_STILL_IMPORTS: string[] = [];

  it('keeps the bookings lifecycle free of every other feature', () => {
    const imported = featuresImportedBy(path.join(FEATURES, 'bookings/lifecycle.ts'));
    expect(imported).toEqual(LIFECYCLE_STILL_IMPORTS);
  });

  it('gives every feature a face', () => {
    const features = readdirSync(FEATURES, { withFileTypes: true }).filter((entry) => entry.isDirectory());
    const faceless = features.filter((entry) => !readdirSync(path.join(FEATURES, entry.name)).includes('index.ts')).map((e) => e.name);
    expect(faceless).toEqual([]);
  });
});
