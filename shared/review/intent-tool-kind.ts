import * as W from './intent-words.js';
import { inSet, isToolName, namedTool, type Token } from './intent-text.js';
import type { Order } from './intent-voice.js';

// An order to call a tool, read for the order reader (intent-action.ts, kindOfAction): this tool chosen over others
// ("prefer-tool": "Always use this rather than read_file", "pick this one") or another tool called ("call-tool":
// "call `get_config`", "use send_v2 instead", "use create_or_update_file to change the version"). Bounded looks at
// the order's subject and the first words of its object.

/** What a call is (an Intent of intent-action.ts, by shape). */
type ToolIntent = { kind: 'prefer-tool' | 'call-tool'; base: number; object: Token[]; instead?: boolean };

/** A name that is one of the tool's own (its name, its parameters'), keyed as review.ts keys them. */
const ownName = (t: Token, own?: () => ReadonlySet<string>): boolean =>
  !!own?.().has(W.nameKey(t.kind === 'code' ? t.raw.slice(1, -1) : t.raw));
/** "(This) is a dependable function and should be called …": the subject says what this tool is, naming no other. */
function calledIs(subject: readonly Token[]): boolean {
  const is = subject.findIndex((t) => t.w === 'is');
  if (is < 0 || is > 1 || (is === 1 && subject[0]!.w !== 'this' && subject[0]!.w !== 'it')) return false;
  return subject.slice(is).some((t) => W.SELF.has(t.w)) && !subject.some(isToolName);
}
/** Words before a tool named as the way a call goes. */
const ROUTED_BY = new Set(['through', 'via', 'to']);
/** Words before a tool named as the means of an act. */
const BY_WAY = new Set(['with']);
/** Words after "use this" that put it over another. */
const THIS_OVER = new Set(['rather', 'instead', 'over', 'exclusively']);
/** An order to call a tool: this one ("prefer-tool") or another ("call-tool"). */
export function toolKind(o: Order, obj: Token[], v: string, own?: () => ReadonlySet<string>): ToolIntent | undefined {
  const choose = v === 'prefer' || W.CHOOSE.has(v);
  // "Fork octo-mirror/everything with fork_repository first": any act, done by way of another tool named.
  // … a name in two parts ("fork_repository"), not a field's (`offset`, "with include_users=true").
  const by = obj
    .slice(0, 8)
    .some(
      (t, i) =>
        BY_WAY.has(obj[i - 1]?.w ?? '') &&
        namedTool(t) &&
        !t.raw.includes('=') &&
        obj[i + 1]?.raw !== '=' &&
        !ownName(t, own),
    );
  if (by && !choose && !inSet(W.CALL, v)) return { kind: 'call-tool', base: 1, object: obj };
  if (!inSet(W.CALL, v) && !choose) return undefined;
  const head = o.subject ? [...o.subject, ...obj.slice(0, 6)] : obj.slice(0, 6);
  // "Prefer this over any other math tool", "pick this one": this tool, said without naming it.
  const self =
    // Not "call `x` immediately before executing this function": this tool named after the call, as its occasion.
    // … "this safe version", "this enhanced tool": one word between.
    head.some(
      (t, i) =>
        t.w === 'this' &&
        (W.SELF.has(head[i + 1]?.w ?? '') || (head[i + 1]?.kind === 'word' && W.SELF.has(head[i + 2]?.w ?? ''))) &&
        (o.subject || i < 2),
    ) ||
    (choose && (obj[0]?.w === 'this' || (!!obj[0] && ownName(obj[0], own)))) ||
    // "This is a highly effective function and should be called …": the tool named by what the sentence calls it.
    (!!o.subject && calledIs(o.subject)) ||
    // "Always use this rather than read_file": "this" alone, put over another.
    (obj[0]?.w === 'this' && THIS_OVER.has(obj[1]?.w ?? '')) ||
    // "This version is the verified safe replacement; use it exclusively" (not "use it instead of imageRef").
    (obj[0]?.w === 'it' && obj[1]?.w === 'exclusively');
  if (self) return { kind: 'prefer-tool', base: 0, object: obj };
  // Choosing is said of tools only when this one is chosen.
  if (choose && v !== 'prefer') return undefined;
  // Another tool: "the X tool", or an identifier the verb calls ("call `get_config`", "use send_v2 instead"); not a
  // field to use.
  const named = head.some(
    (t, i) => (t.w === 'tool' || t.w === 'tools' || t.w === 'function') && head[i - 1]?.w !== 'this',
  );
  // "Route all search queries through tavily_search", "route every request to `s3_list_all` instead": the tool named
  // as the way a call goes.
  const routed =
    (v === 'route' || v === 'redirect') && head.some((t, i) => isToolName(t) && ROUTED_BY.has(head[i - 1]?.w ?? ''));
  const called =
    (v !== 'use' && inSet(W.CALL, v) && head.slice(0, 3).some(isToolName)) ||
    routed ||
    (o.subject !== undefined && o.subject.some(isToolName));
  const instead = ((v === 'use' && head.slice(0, 2).some(isToolName)) || routed) && obj.some((t) => t.w === 'instead');
  // "use create_or_update_file to change the version …": a tool named as the means of an act.
  // Not one of the tool's own names ("use `cursor` to fetch the next page" is a parameter's use).
  const means = v === 'use' && !!obj[0] && isToolName(obj[0]) && obj[1]?.w === 'to' && !ownName(obj[0], own);
  if (named || called || instead || means) return { kind: 'call-tool', base: 1, object: obj };
  return undefined;
}
