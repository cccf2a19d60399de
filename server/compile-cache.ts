import module from "node:module";

/**
 * Turns on Node's on-disk cache of compiled code (V8's code cache) for this
 * process and, through NODE_COMPILE_CACHE, for the processes it forks (the
 * render worker). A start finds its modules already compiled by the start
 * before it: the first page came about 100 ms sooner on the 200-page folder
 * (BENCHMARKS.md); the first start fills the cache and is no slower than
 * without it. NODE_COMPILE_CACHE chooses the directory (by default
 * `node-compile-cache` in the system's temporary folder). Never throws: a
 * cache that cannot be written only means no cache. Returns the folder of
 * this version of Node's cache, or null when there is none.
 */
export function enableCompileCache(): string | null {
  const { status, directory } = module.enableCompileCache();
  // Enabled through NODE_COMPILE_CACHE already, the forks inherit it as it is.
  if (status === module.constants.compileCacheStatus.ENABLED && directory) process.env.NODE_COMPILE_CACHE = directory;
  return module.getCompileCacheDir() ?? null;
}
