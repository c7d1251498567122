import type * as Client from '@modelcontextprotocol/client';
import type * as Stdio from '@modelcontextprotocol/client/stdio';
import type * as Core from '@modelcontextprotocol/core';

/** What the core takes from the MCP SDK at run time: the client package, and two pieces beside it. */
export type McpSdk = typeof Client &
  Pick<typeof Stdio, 'getDefaultEnvironment'> &
  Pick<typeof Core, 'CreateMessageRequestParamsSchema' | 'ElicitRequestParamsSchema'>;

let loaded: McpSdk | undefined;
let loading: Promise<McpSdk> | undefined;

/**
 * The MCP SDK, loaded when the console first needs it: a connection opened, an authorization begun.
 * An idle `serve` has connected to nothing, and the SDK's client with its schemas and the modules it
 * pulls in took several megabytes of its memory at start (issue "Performance, round three").
 * Every path that reaches a server awaits this first; the code behind it reads `sdk()`.
 */
export function loadSdk(): Promise<McpSdk> {
  loading ??= Promise.all([
    import('@modelcontextprotocol/client'),
    import('@modelcontextprotocol/client/stdio'),
    import('@modelcontextprotocol/core'),
  ]).then(
    ([client, stdio, core]) =>
      (loaded = {
        ...client,
        getDefaultEnvironment: stdio.getDefaultEnvironment,
        CreateMessageRequestParamsSchema: core.CreateMessageRequestParamsSchema,
        ElicitRequestParamsSchema: core.ElicitRequestParamsSchema,
      }),
    (e: unknown) => {
      loading = undefined; // a failed load (a file missing on disk) is tried again next time
      throw e;
    },
  );
  return loading;
}

/** The SDK, once loaded. Only code that runs after a connection or an authorization began may call this. */
export function sdk(): McpSdk {
  if (!loaded) throw new Error('the MCP SDK is used before it was loaded (await loadSdk() on the way in)');
  return loaded;
}

/** The SDK if it is loaded: an error can only be one of its classes if it is. */
export function sdkIfLoaded(): McpSdk | undefined {
  return loaded;
}
