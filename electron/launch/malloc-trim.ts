/**
 * glibc's malloc trim threshold, held at its default as the command starts (malloc-trim.c says why:
 * 5 MB of a `serve` with 1,000 tools listed, 10 MB with 10,000). It is the process's to set, so the
 * launch floor sets it: bin/mcp-console.js before it reads the console's modules (its largest chunk,
 * 443 KB, raised the threshold as it was read), and `npm start` as it falls back to browser mode
 * (after its modules, none of which is over 128 KiB: read one by one, they raise nothing).
 * Nothing depends on it: where the helper was not built, or cannot load, the console runs the same.
 */
import { createRequire } from 'node:module';

/** What became of the setting. */
export type MallocTrim = 'held' | 'not-linux' | 'set-by-environment' | 'unavailable' | 'refused';

/** A person's own malloc settings, which the console leaves as they are. */
const OWN_VARIABLE = /^MALLOC_(?:TRIM_THRESHOLD|TOP_PAD|MMAP_THRESHOLD|MMAP_MAX)_$/;
const OWN_TUNABLE = /(?:^|:)glibc\.malloc\.(?:trim_threshold|top_pad|mmap_threshold|mmap_max)=/;

/** Loads the helper at `file` (out/native/malloc-trim.node) and holds the threshold; never throws. */
export function holdMallocTrim(
  file: string,
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): MallocTrim {
  if (platform !== 'linux') return 'not-linux';
  if (Object.keys(env).some((k) => OWN_VARIABLE.test(k)) || OWN_TUNABLE.test(env.GLIBC_TUNABLES ?? ''))
    return 'set-by-environment';
  let helper: { holdTrimThreshold?: unknown };
  try {
    // Not built (no C compiler), or built for another libc or machine: the console runs without it.
    helper = createRequire(import.meta.url)(file) as { holdTrimThreshold?: unknown };
  } catch {
    return 'unavailable';
  }
  return typeof helper.holdTrimThreshold === 'function' && helper.holdTrimThreshold() === true ? 'held' : 'refused';
}
