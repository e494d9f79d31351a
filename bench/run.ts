/** npm run bench: each benchmark prints its own figures. */
import { spawnSync } from 'node:child_process';
import { firstLoadBench } from './first-load';
import { slotsBench } from './slots';

spawnSync(process.execPath, ['scripts/build-web-if-stale.mjs'], { stdio: 'inherit' });
slotsBench();
await firstLoadBench();
