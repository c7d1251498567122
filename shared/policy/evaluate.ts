import { ANNOTATION_DEFAULTS } from '../annotations.js';
import { canonicalJson } from '../canonical-json.js';
import { pointerGet, pointerTokens, tokensGet } from '../collections/pointer.js';
import type { Requester } from '../schemas/requester.js';
import type {
  PolicyCondition,
  PolicyEffect,
  PolicyFile,
  PolicyRule,
  PolicyRuleRef,
  PolicySourceKind,
} from '../schemas/policy.js';
import type { EffectiveAnnotations } from '../schemas/tool.js';
import { globMatcher } from './glob.js';

/**
 * How a call is decided by an organisation's policy (pure: the core and `policy explain` share it).
 *
 * 1. Every rule of every file is checked against the call: who asks, the server, the tool, its
 *    annotations, the conditions on the arguments.
 * 2. **Deny wins**, then **ask**, then **allow**: one matching deny refuses the call whatever else
 *    matches; a matching ask sends it to a person even where an allow matches too.
 * 3. Among rules of the same effect the managed file's come first, then the file's order: the first
 *    names the decision.
 * 4. An allow bound to a server identity or a tool definition (fingerprint) that is no longer the
 *    server's or the tool's is void for the call: it is reported, and does not decide.
 * 5. No rule: the policy says nothing, and the person's own grants (below the policy) or a person decide.
 *
 * Annotations are the server's claims: a rule's `annotations` are checked against what the server
 * declared only when the person trusts the server; otherwise against the spec's cautious defaults
 * (not read-only, destructive, not idempotent, open-world), so an untrusted claim never satisfies a
 * rule on its own.
 */

/** What a rule is checked against. */
export interface PolicyCall {
  requester: Requester;
  serverId: string;
  serverIdentity?: string;
  tool: string;
  fingerprint?: string;
  /** The tool's annotations as declared with the spec's defaults filled in. */
  annotations?: EffectiveAnnotations;
  /** The person trusts the server: its annotations are believed. */
  trusted: boolean;
  args: unknown;
}

/** Tests an RE2 pattern against text (the core caches compiled patterns). */
export type PolicyPatternTest = (pattern: string, text: string) => boolean;

export interface CompiledRule {
  ref: PolicyRuleRef;
  rule: PolicyRule;
  agent?: (name: string) => boolean;
  server?: (name: string) => boolean;
  tool?: (name: string) => boolean;
  /** Each condition as a test of the arguments (pointers split and globs compiled once). */
  when: ReadonlyArray<(args: unknown, test: PolicyPatternTest) => boolean>;
}

export interface CompiledPolicy {
  rules: readonly CompiledRule[];
}

export interface PolicySource {
  kind: PolicySourceKind;
  path: string;
  file: PolicyFile;
}

/** The rules of every source, the managed file's first, each named (`id`, or "rule N" by its place). */
export function compilePolicy(sources: readonly PolicySource[]): CompiledPolicy {
  const order: PolicySourceKind[] = ['managed', 'flag', 'env'];
  const sorted = [...sources].sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind));
  const rules: CompiledRule[] = [];
  for (const s of sorted)
    s.file.rules.forEach((rule, i) => {
      const id = rule.id ?? `rule ${i + 1}`;
      rules.push({
        ref: {
          id: sorted.length > 1 ? `${s.kind}:${id}` : id,
          effect: rule.effect,
          reason: rule.reason,
          source: s.kind,
          path: s.path,
        },
        rule,
        agent: rule.agent === undefined || rule.agent.startsWith('@') ? undefined : globMatcher(rule.agent),
        server: rule.server === undefined ? undefined : globMatcher(rule.server),
        tool: rule.tool === undefined ? undefined : globMatcher(rule.tool),
        when: (rule.when ?? []).map(conditionTest),
      });
    });
  return { rules };
}

export interface PolicyVerdict {
  effect: PolicyEffect;
  ref: PolicyRuleRef;
}

/** An allow that would have decided but is bound to an identity or definition the call no longer has. */
export interface VoidedRule {
  ref: PolicyRuleRef;
  why: string;
}

export interface PolicyDecision {
  verdict: PolicyVerdict | null;
  voided: VoidedRule[];
}

const RANK: Record<PolicyEffect, number> = { deny: 3, ask: 2, allow: 1 };

/** The policy's decision for a call (see the top of this file for the order). */
export function evaluatePolicy(p: CompiledPolicy, call: PolicyCall, test: PolicyPatternTest): PolicyDecision {
  let best: CompiledRule | null = null;
  // Every ask that matches, while an ask decides: their terms for deciders are added up (the strictest holds).
  let asks: CompiledRule[] = [];
  const voided: VoidedRule[] = [];
  for (const r of p.rules) {
    const another = best?.rule.effect === 'ask' && r.rule.effect === 'ask' && hasTerms(r.rule);
    if (best && RANK[r.rule.effect] <= RANK[best.rule.effect] && !another) continue;
    if (!applies(r, call, test)) continue;
    const bound = boundMismatch(r.rule, call);
    if (bound) {
      voided.push({ ref: r.ref, why: bound });
      continue;
    }
    if (another) {
      asks.push(r);
      continue;
    }
    best = r;
    asks = r.rule.effect === 'ask' ? [r] : [];
    if (r.rule.effect === 'deny') break;
  }
  if (!best) return { verdict: null, voided };
  return {
    verdict: { effect: best.rule.effect, ref: best.rule.effect === 'ask' ? withTerms(best.ref, asks) : best.ref },
    voided,
  };
}

const hasTerms = (r: PolicyRule) => r.quorum !== undefined || r.notRequester !== undefined || r.deciders !== undefined;

/** An ask's reference with the terms of every matching ask (none set: as it was). */
function withTerms(ref: PolicyRuleRef, asks: readonly CompiledRule[]): PolicyRuleRef {
  const set = asks.filter((a) => hasTerms(a.rule));
  if (set.length === 0) return ref;
  return {
    ...ref,
    terms: {
      quorum: Math.max(...set.map((a) => a.rule.quorum ?? 1)),
      notRequester: set.some((a) => a.rule.notRequester === true),
      deciders: set.flatMap((a) => (a.rule.deciders ? [[...a.rule.deciders]] : [])),
    },
  };
}

/** Every rule with whether it matches the call and, when not, why — for `policy explain`. */
export function explainPolicy(
  p: CompiledPolicy,
  call: PolicyCall,
  test: PolicyPatternTest,
): PolicyDecision & { rules: Array<{ ref: PolicyRuleRef; matches: boolean; why?: string }> } {
  const rules = p.rules.map((r) => {
    const why = whyNot(r, call, test) ?? boundMismatch(r.rule, call);
    return why === null ? { ref: r.ref, matches: true } : { ref: r.ref, matches: false, why };
  });
  return { ...evaluatePolicy(p, call, test), rules };
}

/** Who a requester is to a rule's `agent`. */
function agentMatches(r: CompiledRule, who: Requester): boolean {
  const want = r.rule.agent;
  if (want === undefined) return true;
  if (who.kind === 'agent') return r.agent?.(who.name) ?? false;
  if (who.kind === 'console' || who.kind === 'cli') return want === '@person';
  return want === `@${who.kind}`;
}

/** True when the rule applies to the call, its binding aside (the hot path: no words are made). */
function applies(r: CompiledRule, call: PolicyCall, test: PolicyPatternTest): boolean {
  if (!agentMatches(r, call.requester)) return false;
  if (r.server && !r.server(call.serverId)) return false;
  if (r.tool && !r.tool(call.tool)) return false;
  const want = r.rule.annotations;
  if (want) {
    const seen = call.trusted && call.annotations ? call.annotations : ANNOTATION_DEFAULTS;
    for (const k in want) if (seen[k as keyof EffectiveAnnotations] !== want[k as keyof typeof want]) return false;
  }
  for (let i = 0; i < r.when.length; i++) if (!r.when[i]!(call.args, test)) return false;
  return true;
}

/** Why the rule does not apply to the call (its binding aside), or null when it does: for `policy explain`. */
function whyNot(r: CompiledRule, call: PolicyCall, test: PolicyPatternTest): string | null {
  const rule = r.rule;
  if (!agentMatches(r, call.requester)) return `asked by ${describe(call.requester)}, the rule is for ${rule.agent}`;
  if (r.server && !r.server(call.serverId)) return `server ${call.serverId} is not ${rule.server}`;
  if (r.tool && !r.tool(call.tool)) return `tool ${call.tool} is not ${rule.tool}`;
  if (rule.annotations) {
    const seen = call.trusted && call.annotations ? call.annotations : ANNOTATION_DEFAULTS;
    for (const [k, v] of Object.entries(rule.annotations) as Array<[keyof EffectiveAnnotations, boolean]>)
      if (seen[k] !== v)
        return `${k} is ${String(seen[k])}${call.trusted ? '' : " (the server is not trusted: its claims are read at the spec's defaults)"}`;
  }
  for (const c of rule.when ?? []) {
    const failed = conditionFails(c, call.args, test);
    if (failed) return failed;
  }
  return null;
}

/** Why an allow bound to an identity or definition does not hold for this call, or null. */
function boundMismatch(rule: PolicyRule, call: PolicyCall): string | null {
  if (rule.serverIdentity !== undefined && rule.serverIdentity !== call.serverIdentity)
    return `bound to server identity ${rule.serverIdentity}; the server's is ${call.serverIdentity ?? 'unknown'}`;
  if (rule.fingerprint !== undefined && rule.fingerprint !== call.fingerprint)
    return `bound to tool definition ${rule.fingerprint.slice(0, 16)}…; the tool's definition changed (${(call.fingerprint ?? 'unknown').slice(0, 16)}…)`;
  return null;
}

/** A condition as a test of the arguments, its pointer split and its glob compiled once. */
function conditionTest(c: PolicyCondition): (args: unknown, test: PolicyPatternTest) => boolean {
  const tokens = pointerTokens(c.path);
  const holds = valueTest(c);
  return (args, test) => {
    const at = tokensGet(args, tokens);
    return c.absent !== undefined ? at.found !== c.absent : at.found && holds(at.value, test);
  };
}

/** What a condition requires of the value found at its path. */
function valueTest(c: PolicyCondition): (v: unknown, test: PolicyPatternTest) => boolean {
  if ('equals' in c) {
    const want = canonicalJson(c.equals);
    return (v) => canonicalJson(v) === want;
  }
  if (c.oneOf) {
    const want = new Set(c.oneOf.map((o) => canonicalJson(o)));
    return (v) => want.has(canonicalJson(v));
  }
  if (c.glob !== undefined) {
    const m = globMatcher(c.glob);
    return (v) => typeof v === 'string' && m(v);
  }
  if (c.matches !== undefined) {
    const pattern = c.matches;
    return (v, test) => typeof v === 'string' && test(pattern, v);
  }
  if (c.range) {
    const { min = -Infinity, max = Infinity } = c.range;
    return (v) => typeof v === 'number' && v >= min && v <= max;
  }
  return () => false;
}

/**
 * Why a condition does not hold for the arguments, or '' when it holds (decided by the same test the policy applies).
 */
export function conditionFails(c: PolicyCondition, args: unknown, test: PolicyPatternTest): string {
  if (conditionTest(c)(args, test)) return '';
  const where = c.path === '' ? 'the arguments' : c.path;
  if (c.absent !== undefined) return `${where} is ${c.absent ? 'present' : 'absent'}`;
  if (!pointerGet(args, c.path).found) return `${where} is absent`;
  if ('equals' in c) return `${where} does not equal ${short(c.equals)}`;
  if (c.oneOf) return `${where} is not one of ${short(c.oneOf)}`;
  if (c.glob !== undefined) return `${where} does not match ${c.glob}`;
  if (c.matches !== undefined) return `${where} has no match for ${c.matches}`;
  if (c.range) return `${where} is not a number within ${c.range.min ?? '-∞'}..${c.range.max ?? '∞'}`;
  return `${where}: no test`;
}

const short = (v: unknown): string => {
  const s = JSON.stringify(v) ?? 'undefined';
  return s.length > 80 ? s.slice(0, 79) + '…' : s;
};

function describe(r: Requester): string {
  if (r.kind === 'agent') return `agent ${r.name}`;
  if (r.kind === 'console' || r.kind === 'cli') return 'the person (@person)';
  return `@${r.kind}`;
}
