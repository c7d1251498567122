import { R, type Rule } from './rule.js';

// The review's rules for definition quality, MCP App views and pinned definitions (see rules.ts).

/** Definition quality, for server authors. */
export const QUALITY_RULES: readonly Rule[] = [
  R(
    'Q01',
    'tool-name-format',
    'quality',
    'medium',
    'Tool name outside the spec’s rules',
    'Tool names SHOULD be 1–128 characters of A–Z, a–z, 0–9, _, - and . (MCP 2025-11-25). A name outside them is more than style: hosts that check names drop or rename the tool, so an agent may not reach it or may reach another by that name, and a space, slash or control character in a name is how one tool passes for another in a list.',
  ),
  R(
    'Q02',
    'input-schema-not-object',
    'quality',
    'medium',
    'inputSchema is not an object schema',
    'inputSchema MUST be a JSON Schema whose root type is "object".',
  ),
  R(
    'Q03',
    'schema-invalid',
    'quality',
    'medium',
    'Schema does not validate against its meta-schema',
    'Clients may reject the tool, or validate arguments differently from the server.',
  ),
  R(
    'Q04',
    'unresolved-ref',
    'quality',
    'medium',
    '$ref does not resolve',
    'A $ref that points nowhere makes the schema unusable for validation and forms.',
  ),
  R(
    'Q05',
    'parameter-undocumented',
    'quality',
    'low',
    'Parameter without a description',
    'Models and people fill parameters better when each one says what it is for.',
  ),
  R(
    'Q06',
    'structured-content-missing',
    'quality',
    'medium',
    'outputSchema declared, structuredContent missing',
    'A tool with an outputSchema MUST return structuredContent; calls in the history did not.',
  ),
  R(
    'Q07',
    'definition-too-large',
    'quality',
    'low',
    'Definition larger than the budget',
    'Large definitions cost context on every request and hide text in bulk.',
  ),
  R(
    'Q08',
    'missing-annotations',
    'quality',
    'low',
    'Writes or deletes without annotations',
    'A tool whose name says it changes things should say so with readOnlyHint/destructiveHint.',
  ),
  R(
    'Q09',
    'invalid-mcp-header',
    'quality',
    'medium',
    'Invalid x-mcp-header declaration',
    'MCP 2026-07-28 clients drop a tool whose x-mcp-header declaration is invalid.',
  ),
];

/** MCP App views. */
export const APP_RULES: readonly Rule[] = [
  R(
    'A01',
    'view-unusable-domain',
    'apps',
    'high',
    'View declares a domain that could widen its policy',
    'A declared domain that is not an origin (a keyword, a ";", a bare or top-level wildcard, plain http off localhost) is what an attempt to loosen a view\'s Content-Security-Policy looks like. MCP Console drops it; other hosts may not.',
  ),
  R(
    'A02',
    'view-wildcard-domain',
    'apps',
    'medium',
    'View trusts every subdomain of a domain',
    'A *. wildcard lets the view reach any host under that domain, including ones its owner does not control (shared hosting, user subdomains). Name the hosts.',
  ),
  R(
    'A03',
    'view-remote-script',
    'apps',
    'medium',
    'View may run script from elsewhere',
    'resourceDomains also allow scripts: code the server does not ship, which can change at any time without the view changing. Prefer scripts inlined in the view.',
  ),
  R(
    'A04',
    'view-nested-frames',
    'apps',
    'medium',
    'View frames other sites',
    "frameDomains let the view embed pages of other origins, which run with none of the view's declared limits.",
  ),
  R(
    'A05',
    'view-device-permission',
    'apps',
    'medium',
    'View asks for a device or the clipboard',
    "Camera, microphone, geolocation or clipboard access for a server's UI: granted only if the person allows it; check it is needed.",
  ),
  R(
    'A06',
    'view-connects-out',
    'apps',
    'low',
    'View sends requests to other sites',
    'connectDomains let the view send what it holds (tool results, what the person types) to those origins.',
  ),
  R(
    'A07',
    'view-link-problem',
    'apps',
    'low',
    'Tool links its view wrongly',
    'A view URI that is not ui://, two keys naming different views, or a visibility hosts cannot read.',
  ),
];

/** Definitions changed since they were pinned. */
export const PIN_RULES: readonly Rule[] = [
  R(
    'D01',
    'definition-changed',
    'pins',
    'high',
    'Definition changed since it was pinned',
    'A tool that changes after it was reviewed is how a rug pull works; look at the diff and pin it again only if it is right.',
  ),
  R(
    'D02',
    'tool-added',
    'pins',
    'medium',
    'Tool not pinned yet',
    'A tool that appeared after the pins were taken has not been reviewed.',
  ),
  R(
    'D03',
    'tool-removed',
    'pins',
    'low',
    'Pinned tool no longer offered',
    'A pinned tool the server no longer lists; pin again to record the removal.',
  ),
  R(
    'D04',
    'view-changed',
    'pins',
    'high',
    'MCP App view changed since it was pinned',
    "The HTML a server ships for a tool's view changed: the same button may now do something else. Look at the diff under the view and pin it again only if it is right.",
  ),
];
