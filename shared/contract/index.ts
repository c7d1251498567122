import type { z } from 'zod';
import * as agents from './agents.js';
import * as approvals from './approvals.js';
import * as apps from './apps.js';
import * as audit from './audit.js';
import * as auth from './auth.js';
import * as calls from './calls.js';
import * as catalog from './catalog.js';
import * as collections from './collections.js';
import * as completions from './completions.js';
import * as consents from './consents.js';
import * as consoleOwn from './console.js';
import * as elicitations from './elicitations.js';
import * as grants from './grants.js';
import * as links from './links.js';
import * as lists from './lists.js';
import * as logs from './logs.js';
import * as pins from './pins.js';
import * as policy from './policy.js';
import * as prompts from './prompts.js';
import * as resources from './resources.js';
import * as review from './review.js';
import * as servers from './servers.js';
import * as settings from './settings.js';
import * as tools from './tools.js';
import * as trace from './trace.js';

/**
 * The contract between the front ends and the core, one file per namespace (`servers.*` requests
 * and `server.*` events in `servers.ts`; `catalog.*`, which has only events, in `catalog.ts`): each
 * request's input and output schema and each event's payload schema. Inputs are parsed with these
 * schemas at every boundary; outputs are typed from them. The names are these tables' keys: there
 * is no other list of them.
 */
export const contractParts = {
  servers,
  catalog,
  tools,
  resources,
  lists,
  prompts,
  completions,
  calls,
  approvals,
  elicitations,
  logs,
  trace,
  links,
  consents,
  settings,
  console: consoleOwn,
  audit,
  agents,
  grants,
  policy,
  review,
  pins,
  auth,
  apps,
  collections,
} as const;

/** Every request a front end may make of the core: name -> input and output schema. */
export const requests = {
  ...servers.requests,
  ...catalog.requests,
  ...tools.requests,
  ...resources.requests,
  ...lists.requests,
  ...prompts.requests,
  ...completions.requests,
  ...calls.requests,
  ...approvals.requests,
  ...elicitations.requests,
  ...logs.requests,
  ...trace.requests,
  ...links.requests,
  ...consents.requests,
  ...settings.requests,
  ...consoleOwn.requests,
  ...audit.requests,
  ...agents.requests,
  ...grants.requests,
  ...policy.requests,
  ...review.requests,
  ...pins.requests,
  ...auth.requests,
  ...apps.requests,
  ...collections.requests,
};

/** Every event the core pushes to front ends: name -> payload schema. */
export const events = {
  ...servers.events,
  ...catalog.events,
  ...tools.events,
  ...resources.events,
  ...lists.events,
  ...prompts.events,
  ...completions.events,
  ...calls.events,
  ...approvals.events,
  ...elicitations.events,
  ...logs.events,
  ...trace.events,
  ...links.events,
  ...consents.events,
  ...settings.events,
  ...consoleOwn.events,
  ...audit.events,
  ...agents.events,
  ...grants.events,
  ...policy.events,
  ...review.events,
  ...pins.events,
  ...auth.events,
  ...apps.events,
  ...collections.events,
};

export type RequestName = keyof typeof requests;
export type EventName = keyof typeof events;
export type RequestInput<N extends RequestName> = z.input<(typeof requests)[N]['input']>;
export type ParsedInput<N extends RequestName> = z.output<(typeof requests)[N]['input']>;
export type RequestOutput<N extends RequestName> = z.output<(typeof requests)[N]['output']>;
export type EventPayload<N extends EventName> = z.output<(typeof events)[N]>;

/** The error shape that crosses every boundary: a code and a message, never a stack. */
export interface ContractError {
  code: string;
  message: string;
}

/** The reply to a request on every transport. */
export type Reply<T> = { ok: true; value: T } | { ok: false; error: ContractError };

/** Parses one request's input; throws a ContractError-shaped error naming the bad field. */
export function parseInput<N extends RequestName>(name: N, input: unknown): ParsedInput<N> {
  const schema = requests[name]?.input;
  if (!schema) throw Object.assign(new Error(`unknown request ${JSON.stringify(name)}`), { code: 'unknown-request' });
  const r = schema.safeParse(input ?? {});
  if (!r.success) {
    throw Object.assign(new Error(`invalid input for ${name}: ${formatIssues(r.error.issues)}`), {
      code: 'invalid-input',
    });
  }
  return r.data as ParsedInput<N>;
}

/** Formats zod issues as `path: message; …`, naming each bad field. */
export function formatIssues(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  prefix = '',
): string {
  return issues
    .slice(0, 5)
    .map((i) => {
      const path = i.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('');
      const where = (prefix + path).replace(/^\./, '') || '(root)';
      return `${where}: ${i.message}`;
    })
    .join('; ');
}

/** The names of all requests, in contract order: the request table's keys. */
export const requestNames = Object.keys(requests) as readonly RequestName[];
/** The names of all events, in contract order: the event table's keys. */
export const eventNames = Object.keys(events) as readonly EventName[];

/**
 * The requests one namespace (or several) of the contract declares (`NamesIn<'review'>`: review.run, review.last, …).
 */
export type NamesIn<P extends keyof typeof contractParts> = P extends unknown
  ? keyof (typeof contractParts)[P]['requests'] & RequestName
  : never;

/**
 * Handlers for some requests of the contract, typed from their schemas: a concern's table is
 * `HandlersOf<NamesIn<'review'>>`.
 */
export type HandlersOf<N extends RequestName> = {
  [K in N]: (input: ParsedInput<K>) => Promise<RequestOutput<K>> | RequestOutput<K>;
};
