// dist-server/main.mjs: starts the built server (dist-server/server.cjs, one file with the server's code
// and the packages it uses) through V8's code cache. Compiling the server's JavaScript — and each
// function the first time it runs — took a good part of a cold start; the cache holds V8's compiled
// form of the file and of every function run up to the first answer, so a later start skips that work.
//
// The cache (server.cjs.cache beside it) is written by the first start once it listens, and again
// whenever V8 rejects it (another Node.js version or V8 flags, a rebuilt server.cjs: V8 checks the
// source and its own version and flags, and compiles as usual when they differ). A folder the server
// cannot write to only means no cache. Node.js 20 has no module compile cache of its own
// (module.enableCompileCache is Node.js 22), hence vm.Script's cachedData.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import vm from 'node:vm';

const file = join(import.meta.dirname, 'server.cjs');
const cacheFile = `${file}.cache`;

/** The compiled server, and whether its cache is to be written (none yet, or V8 rejected it). */
function compile(): { script: vm.Script; writeCache: boolean } {
  let cachedData: Buffer | undefined;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    // No cache yet.
  }
  // The wrapper Node.js puts around a CommonJS file; an import() left in the bundle goes through
  // Node.js's own loader.
  const script = new vm.Script(
    `(function (exports, require, module, __filename, __dirname) {${readFileSync(file, 'utf8')}\n})`,
    {
      filename: file,
      cachedData,
      importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
    },
  );
  if (process.env.APEX_CODE_CACHE_DEBUG)
    console.error(`code cache: ${cachedData ? (script.cachedDataRejected ? 'rejected' : 'used') : 'none'}`);
  return { script, writeCache: !cachedData || script.cachedDataRejected === true };
}

const { script, writeCache } = compile();

// Told by server/serve.ts once the server answers: the functions of start-up have been compiled by
// then and go into the cache with the file.
if (writeCache) {
  (globalThis as Record<symbol, unknown>)[Symbol.for('apex.listening')] = () => {
    const timer = setTimeout(() => {
      try {
        const temporary = `${cacheFile}.${process.pid}`;
        writeFileSync(temporary, script.createCachedData());
        renameSync(temporary, cacheFile);
      } catch {
        // A read-only install: later starts compile as this one did.
      }
    }, 1000);
    timer.unref();
  };
}

const module = { exports: {} };
const run = script.runInThisContext() as (
  exports: unknown,
  require: NodeJS.Require,
  module: unknown,
  filename: string,
  dirname: string,
) => void;
run.call(module.exports, module.exports, createRequire(file), module, file, import.meta.dirname);
