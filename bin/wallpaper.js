#!/usr/bin/env node
import { endQuietlyWhenOutputCloses, run } from '../dist/cli.js';
endQuietlyWhenOutputCloses([process.stdout, process.stderr], () => process.exit(0));
process.exitCode = await run(process.argv);
