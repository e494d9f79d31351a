// Before any worker starts: the server bundle and the PGlite template every worker's server copies, built once
// here (two workers building them at the same moment would race on dist/).
import { buildServerIfStale } from '../../scripts/build-server.mjs';

export default async function globalSetup(): Promise<void> {
  await buildServerIfStale();
}
