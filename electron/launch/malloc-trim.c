/*
 * MCP Console's one native helper: holds glibc's malloc trim threshold at its default, 128 KiB.
 * Built by `npm run build` where a C compiler is found on Linux (e2e/tools/build-native.ts);
 * loaded by electron/launch/malloc-trim.ts. Without it, everything works the same, with more memory held.
 *
 * Why: glibc raises the threshold whenever a block it mapped on its own (128 KiB to 32 MiB) is freed,
 * to twice that block's size. Node frees such blocks from the start (the source of a module it read,
 * a message it wrote), so the free space at the top of each thread's malloc arena, where V8 compiles
 * hot functions, is then kept rather than given back: 5 MB once 1,000 tools were listed, 10 MB at
 * 10,000 (issue "Performance, round three"). Set once, the threshold is glibc's to keep; the same as
 * starting the process with MALLOC_TRIM_THRESHOLD_=131072, which a running process cannot do.
 *
 * A Node-API module with no headers but libc's: the three Node-API functions it calls are declared
 * below as the stable C ABI gives them, and resolved from the running node when it is loaded.
 */
#include <stddef.h>
#include <malloc.h>

typedef struct napi_env__ *napi_env;
typedef struct napi_value__ *napi_value;
typedef struct napi_callback_info__ *napi_callback_info;
typedef int napi_status;
typedef napi_value (*napi_callback)(napi_env, napi_callback_info);
extern napi_status napi_create_function(napi_env, const char *, size_t, napi_callback, void *, napi_value *);
extern napi_status napi_set_named_property(napi_env, napi_value, const char *, napi_value);
extern napi_status napi_get_boolean(napi_env, int, napi_value *);

#define TRIM_THRESHOLD (128 * 1024)

/* holdTrimThreshold(): true when glibc took the setting. */
static napi_value hold_trim_threshold(napi_env env, napi_callback_info info) {
  (void)info;
  int held = 0;
#if defined(__GLIBC__) && defined(M_TRIM_THRESHOLD)
  held = mallopt(M_TRIM_THRESHOLD, TRIM_THRESHOLD) == 1;
#endif
  napi_value result = NULL;
  napi_get_boolean(env, held, &result);
  return result;
}

napi_value napi_register_module_v1(napi_env env, napi_value exports) {
  napi_value fn = NULL;
  if (napi_create_function(env, "holdTrimThreshold", (size_t)-1, hold_trim_threshold, NULL, &fn) == 0)
    napi_set_named_property(env, exports, "holdTrimThreshold", fn);
  return exports;
}
