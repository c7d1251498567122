import { hintCode, sharedEffectiveAnnotations, sharedToolRisk } from '../../../shared/annotations.js';
import { canonicalJson } from '../../../shared/canonical-json.js';
import { hasHiddenText } from '../../../shared/hidden-text.js';
import { scanHeaderParams } from '../../../shared/param-headers.js';
import { Icon, type ToolView } from '../../../shared/schemas/tool.js';
import { sha256 } from '../support/index.js';
import { definitionShape } from './definition-shape.js';
import { localIcon } from './icons.js';

/** A tool definition as a server sent it: checked to have a name and an inputSchema object, nothing more. */
export type RawTool = Record<string, unknown> & { name: string };

/** Top-level fields whose strings hold hidden characters (or words mixing look-alike scripts). */
function hiddenFields(def: RawTool, plain: boolean): string[] {
  // A definition whose strings are all plain (see definitionShape) cannot hide a character.
  if (plain) return [];
  const out: string[] = [];
  for (const [k, v] of Object.entries(def)) if (anyHidden(v, 0)) out.push(k);
  return out;
}

function anyHidden(v: unknown, depth: number): boolean {
  if (typeof v === 'string') return hasHiddenText(v);
  if (depth > 32 || !v || typeof v !== 'object') return false;
  if (Array.isArray(v)) return v.some((x) => anyHidden(x, depth + 1));
  return Object.entries(v).some(([k, x]) => hasHiddenText(k) || anyHidden(x, depth + 1));
}

/** No hidden text: one frozen array every clean view shares. */
const NO_HIDDEN_TEXT: string[] = Object.freeze([]) as unknown as string[];

/** Builds the console's view of one tool from the definition a server sent. */
export function toolView(
  serverId: string,
  identity: string,
  trusted: boolean,
  def: RawTool,
  known?: { plain?: boolean; fingerprint: string },
  headerRules = false,
): ToolView {
  const plain = known?.plain ?? definitionShape(def).plain;
  const fingerprint = known?.fingerprint ?? sha256(canonicalJson(def));
  const declared =
    def.annotations && typeof def.annotations === 'object' && !Array.isArray(def.annotations)
      ? (def.annotations as ToolView['declaredAnnotations'])
      : undefined;
  // SECURITY: only icons of the right shape reach the views (the rest are not icons).
  const icons = Array.isArray(def.icons) ? def.icons.filter((i) => Icon.safeParse(i).success) : undefined;
  const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
  const obj = (v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  const hidden = hiddenFields(def, plain);
  const code = hintCode(declared);
  return {
    serverId,
    name: def.name,
    title: str(def.title),
    description: str(def.description),
    inputSchema: obj(def.inputSchema) ?? {},
    outputSchema: obj(def.outputSchema),
    icons: icons as ToolView['icons'],
    iconData: icons?.length ? localIcon(icons) : undefined,
    annotations: sharedEffectiveAnnotations(declared, code),
    declaredAnnotations: declared,
    _meta: obj(def._meta),
    execution: obj(def.execution),
    fingerprint,
    serverIdentity: identity,
    risk: sharedToolRisk(declared, trusted, code),
    hiddenText: hidden.length ? hidden : NO_HIDDEN_TEXT,
    needsTaskMode: obj(def.execution)?.taskSupport === 'required' || undefined,
    // Only a definition that names x-mcp-header somewhere is walked for it (most never do).
    excluded: headerRules && JSON.stringify(def).includes('x-mcp-header') ? excludedBecause(def) : undefined,
  };
}

/** Why a tool must be left out under the 2026-07-28 Streamable HTTP rules, if it must. */
function excludedBecause(def: RawTool): string | undefined {
  const scan = scanHeaderParams(def.inputSchema);
  return scan.ok ? undefined : `invalid x-mcp-header: ${scan.reason}`;
}
