'use strict';
// tap runs the TypeScript tests through ts-node, which transpiles every file a test process imports:
// all of src/ again in each of ~140 processes, about 5 s of CPU each. This is ts-node's own
// transpile-only step (named in tsconfig.json's "ts-node".transpiler), with each output kept in
// .tap/ts-cache under a hash of the file's name and text, the compiler options, TypeScript's version
// and the module format: a file is transpiled once until it changes. Errors are never kept.
const { createHash } = require('node:crypto');
const { mkdirSync, readFileSync, renameSync, writeFileSync } = require('node:fs');
const { dirname, join } = require('node:path');

// ts-node's transpile (not in its package exports, so by path): the output stays exactly as before.
const { createTsTranspileModule } = require(
  join(dirname(require.resolve('@isaacs/ts-node-temp-fork-for-pr-2009')), 'ts-transpile-module.js'),
);
const CACHE = join(__dirname, '..', '..', '.tap', 'ts-cache');

exports.create = ({ service, nodeModuleEmitKind }) => {
  const ts = require(service.projectLocalResolveHelper('typescript', true));
  const compilerOptions = service.config.options;
  const transpile = createTsTranspileModule(ts, { compilerOptions, reportDiagnostics: true });
  const format = nodeModuleEmitKind === 'nodeesm' ? 'module' : 'commonjs';
  const salt = JSON.stringify([ts.version, compilerOptions, format]);
  mkdirSync(CACHE, { recursive: true });
  return {
    transpile(input, { fileName }) {
      const key = createHash('sha256').update(`${salt}\0${fileName}\0${input}`).digest('hex');
      const file = join(CACHE, `${key}.json`);
      try {
        return JSON.parse(readFileSync(file, 'utf8'));
      } catch {
        // Not transpiled yet (or a partial file from a crash): transpile it now.
      }
      const result = transpile(input, { fileName }, format);
      if (result.diagnostics?.length) return result;
      // Written whole, then renamed: a parallel test process reads the old state or the new, never half.
      const partial = `${file}.${process.pid}`;
      writeFileSync(partial, JSON.stringify({ outputText: result.outputText, sourceMapText: result.sourceMapText }));
      renameSync(partial, file);
      return result;
    },
  };
};
