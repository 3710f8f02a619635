#!/usr/bin/env node
// The command, CommonJS as is the program it loads (bin/package.json;
// docs/design.md#how-the-program-is-built-and-started). serve, scan and watch run again with
// MALLOC_ARENA_MAX=2 unless it is set (src/relaunch.ts). The compile cache is on first
// (src/compile-cache.ts), before the program is read.
const { enableCompileCache } = require('../dist/compile-cache.cjs');
const { relaunched } = require('../dist/relaunch.cjs');

enableCompileCache();
const relaunch = relaunched();
if (relaunch) {
  relaunch.then((code) => {
    process.exitCode = code;
  });
} else {
  const { endQuietlyWhenOutputCloses, run } = require('../dist/cli.cjs');
  endQuietlyWhenOutputCloses([process.stdout, process.stderr], () => process.exit(0));
  run(process.argv).then((code) => {
    process.exitCode = code;
  });
}
