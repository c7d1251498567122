import { parseMeasured } from './boundary.js';
import type { RequestInput, RequestName, RequestOutput } from './contract/index.js';
import { LISTS, type ServerSide } from './server-diff.js';
import { recordedListing } from './recording/listing.js';
import type { ReadRecording } from './recording/read.js';

/**
 * The sides `diff` reads from files (the command line's `mcp-console diff`, the page's comparison): a pins file, a
 * tools JSON, a server's listing, or a recording. Each refusal says what the file is not and how to name a server.
 */
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A recording's first line says what it is. */
export const isRecordingText = (opening: string): boolean => /^\s*\{\s*"type"\s*:\s*"recording"/.test(opening);

/** A file side: a pins file (`FILE#SERVER` picks one of several), a tools JSON, or a server's listing. */
export function fileSide(text: string, label: string, server?: string): ServerSide {
  const doc = parseMeasured(text, label);
  if (Array.isArray(doc)) return { label, tools: doc.filter(isObject) };
  if (!isObject(doc)) throw new Error(`${label} is not a pins file, a tools JSON or a server listing`);
  if (isObject(doc.servers)) {
    const ids = Object.keys(doc.servers);
    const id = server ?? (ids.length === 1 ? ids[0] : undefined);
    if (id === undefined || !isObject(doc.servers[id]))
      throw new Error(
        `${label} pins ${ids.length === 0 ? 'no server' : `servers ${ids.join(', ')}`}: name one as ${label}#SERVER`,
      );
    const tools = (doc.servers[id] as { tools?: unknown }).tools;
    return {
      label: `${label} (server ${id})`,
      tools: Object.entries(isObject(tools) ? tools : {}).map(([name, t]) => ({
        ...(isObject(t) && isObject(t.definition) ? t.definition : {}),
        name,
      })),
    };
  }
  const side: ServerSide = { label };
  for (const list of LISTS) if (Array.isArray(doc[list])) side[list] = (doc[list] as unknown[]).filter(isObject);
  if (isObject(doc.serverInfo)) side.serverInfo = doc.serverInfo;
  if (isObject(doc.capabilities)) side.capabilities = doc.capabilities;
  if (Object.keys(side).length === 1)
    throw new Error(`${label} is not a pins file, a tools JSON or a server listing (no tools, resources or prompts)`);
  return side;
}

/** A recording's side (`FILE#SERVER` picks one of several servers): what its server last listed. */
export function recordingSide(read: ReadRecording, label: string, server?: string): ServerSide {
  const ids = [...read.servers.keys()];
  const id = server ?? (ids.length === 1 ? ids[0] : undefined);
  const recorded = id === undefined ? undefined : read.servers.get(id);
  if (!recorded)
    throw new Error(
      `${label} records ${ids.length === 0 ? 'no server' : `servers ${ids.join(', ')}`}: name one as ${label}#SERVER`,
    );
  const side: ServerSide = { label: `${label} (recording of ${id})`, ...recordedListing(recorded) };
  if (Object.keys(side).length === 1) throw new Error(`${label} recorded nothing ${id} listed`);
  return side;
}

/** Asks the console something, as a front end or a command does: the contract's request and its answer. */
export type Ask = <N extends RequestName>(name: N, input: RequestInput<N>) => Promise<RequestOutput<N>>;

/** A live server's side: every list it offers, its server info and capabilities, as the console lists them. */
export async function liveSide(ask: Ask, serverId: string): Promise<ServerSide> {
  const v = await ask('servers.status', { serverId });
  const offers = (k: string) => isObject(v.capabilities) && k in v.capabilities;
  const side: ServerSide = { label: `server ${serverId} (live)`, tools: await ask('tools.list', { serverId }) };
  if (offers('resources')) {
    side.resources = await ask('resources.list', { serverId });
    side.resourceTemplates = await ask('resources.templates', { serverId });
  } else side.resources = side.resourceTemplates = [];
  side.prompts = offers('prompts') ? await ask('prompts.list', { serverId }) : [];
  if (v.serverInfo) side.serverInfo = v.serverInfo;
  if (v.capabilities) side.capabilities = v.capabilities;
  return side;
}
