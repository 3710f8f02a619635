#!/usr/bin/env node
// serve, scan and watch run again with MALLOC_ARENA_MAX=2 unless it is set (src/relaunch.ts).
import { relaunched } from '../dist/relaunch.js';
const relaunch = relaunched();
if (relaunch) process.exitCode = await relaunch;
else {
  const { endQuietlyWhenOutputCloses, run } = await import('../dist/cli.js');
  endQuietlyWhenOutputCloses([process.stdout, process.stderr], () => process.exit(0));
  process.exitCode = await run(process.argv);
}
