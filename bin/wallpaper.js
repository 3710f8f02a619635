#!/usr/bin/env node
// serve, scan and watch run again with MALLOC_ARENA_MAX=2 unless it is set (src/relaunch.ts). Node's
// compile cache is on first where Node has it (src/compile-cache.ts); the program is bundled
// (docs/design.md#how-the-program-is-built-and-started).
import { enableCompileCache } from '../dist/compile-cache.js';
import { relaunched } from '../dist/relaunch.js';
enableCompileCache();
const relaunch = relaunched();
if (relaunch) process.exitCode = await relaunch;
else {
  const { endQuietlyWhenOutputCloses, run } = await import('../dist/cli.js');
  endQuietlyWhenOutputCloses([process.stdout, process.stderr], () => process.exit(0));
  process.exitCode = await run(process.argv);
}
