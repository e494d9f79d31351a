import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The real eslint.config.js, run on files that exist only in memory.
const eslint = new ESLint({ cwd: process.cwd() });

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === 'glint/boundaries').map((m) => m.message);
}

describe('import boundaries (eslint.config.js)', () => {
  it('refuses a feature importing another feature, relatively or by alias', async () => {
    expect(await boundaryErrors('src/web/features/booking/x.ts', "export { bookingsQuery } from '../account/api';\n")).toHaveLength(1);
    expect(await boundaryErrors('src/web/features/booking/pages/x.tsx', "import { bookingsQuery } from '@web/features/account/api';\nvoid bookingsQuery;\n")).toHaveLength(1);
    expect(await boundaryErrors('src/web/features/booking/x.ts', "export const load = () => import('../../features/admin/api');\n")).toHaveLength(1);
  });

  it('lets a feature import its own files, lib, components and shared', async () => {
    const code = "export { serviceQuery } from './api';\nexport { api } from '@web/lib/api';\nexport { Button } from '@web/components/ui/button';\nexport { formatUsd } from '@shared/money';\n";
    expect(await boundaryErrors('src/web/features/booking/x.ts', code)).toEqual([]);
  });

  it('refuses a feature importing the app layer, and lib or components importing features', async () => {
    expect(await boundaryErrors('src/web/features/booking/x.ts', "export { createAppRouter } from '@web/app/router';\n")).toHaveLength(1);
    expect(await boundaryErrors('src/web/lib/x.ts', "export { servicesQuery } from '../features/booking/api';\n")).toHaveLength(1);
    expect(await boundaryErrors('src/web/components/ui/x.ts', "export { createAppRouter } from '../../app/router';\n")).toHaveLength(1);
  });

  it('keeps shared free of server and web, and server and web apart', async () => {
    expect(await boundaryErrors('src/shared/x.ts', "export { api } from '@web/lib/api';\n")).toHaveLength(1);
    expect(await boundaryErrors('src/shared/x.ts', "export { AppError } from '../server/errors';\n")).toHaveLength(1);
    expect(await boundaryErrors('src/web/lib/x.ts', "export { AppError } from '../../server/errors';\n")).toHaveLength(1);
    expect(await boundaryErrors('src/server/x.ts', "export { api } from '../web/lib/api';\n")).toHaveLength(1);
  });

  it('lets the app layer compose features', async () => {
    expect(await boundaryErrors('src/web/app/routes/x.tsx', "export { SignedOutHome } from '@web/features/auth/components/signed-out-home';\n")).toEqual([]);
  });
});
