import type { CatalogChange, ToolView } from '../../../shared/schemas/tool.js';
import { canonicalJson } from '../../../shared/canonical-json.js';
import { MAX_JSON_DEPTH } from '../../../shared/json-depth.js';
import { sameJson } from '../../../shared/json-equal.js';
import type { HeaderParam } from '../../../shared/param-headers.js';
import { sha256 } from '../support/index.js';
import { definitionShape } from './definition-shape.js';
import { secondOf } from './list-walk.js';
import { toolView, type RawTool } from './tool-view.js';

/** The largest tool definition the console takes (canonical JSON); a larger one is skipped and reported. */
export const MAX_DEFINITION_BYTES = 1024 * 1024;
const tooLarge = (chars: number) =>
  `its definition is larger than ${MAX_DEFINITION_BYTES / 1024} KB (${Math.round(chars / 1024)} KB)`;

/** sha-256 of a definition's canonical JSON; throws for one nested too deep or larger than MAX_DEFINITION_BYTES. */
function fingerprintOf(def: RawTool | undefined): string {
  const json = canonicalJson(def, MAX_JSON_DEPTH);
  if (json.length > MAX_DEFINITION_BYTES) throw new Error(tooLarge(json.length));
  return sha256(json);
}

const skip = (name: unknown, why: string) => `skipped tool ${JSON.stringify(String(name).slice(0, 100))}: ${why}`;

/** A server's new catalog while it is listed (`Catalog.builder`). */
export interface CatalogBuild {
  /** Takes a page of definitions; says what it skipped, and why. */
  add(tools: RawTool[]): string[];
  /** The views taken so far, in server order (their fingerprints are made by `seal`). */
  readonly views: readonly ToolView[];
  /**
   * A view taken, whole, before the build is sealed (a front end opens a tool it was streamed):
   * its fingerprint is made now, as the seal would make it. Undefined when there is none by that
   * name, or it cannot be hashed (the seal drops it).
   */
  peek(name: string): ToolView | undefined;
  /**
   * Fingerprints every view taken since the last seal, in slices; a definition that cannot be hashed is dropped, and
   * said.
   */
  seal(): Promise<string[]>;
  /** Swaps the sealed catalog in, and says how it differs from the one before. */
  commit(reason: CatalogChange['reason']): CatalogChange;
}

/** A view's fingerprint until its build is sealed: no sha-256 in hex is empty. */
const UNSEALED = '';
/** How long sealing runs before it lets the loop take a turn. */
const SEAL_SLICE_MS = 8;

/** One server's catalog as the catalog keeps it. */
export interface ServerCatalog {
  identity: string;
  /** The x-mcp-header rules apply (modern era over Streamable HTTP). */
  headerRules: boolean;
  /** Each tool's x-mcp-header parameters, read on its first call (this catalog's definitions never change). */
  headerParams?: Map<string, HeaderParam[]>;
  raw: RawTool[];
  fingerprints: string[];
  views: ToolView[];
  byName: Map<string, number>;
}

/** Who the build is for: the server, its identity, whether it is trusted, whether x-mcp-header rules apply. */
export interface BuildFor {
  serverId: string;
  identity: string;
  trusted: boolean;
  headerRules: boolean;
}

/** A server's new catalog, built as its pages arrive, sealed in slices, then swapped in whole by `commit`. */
export class Build implements CatalogBuild {
  private raw: RawTool[] = [];
  private list: ToolView[] = [];
  private fingerprints: string[] = [];
  /** The index the catalog keeps, built as tools arrive; it also tells a second tool of a name. */
  private byName = new Map<string, number>();
  /** Names whose first tool was skipped: a second tool of that name is not taken in its place. */
  private readonly refused = new Set<string>();
  /** Where the views still without a fingerprint start (the ones before were sealed or kept). */
  private unsealed = 0;

  /**
   * `before` is the server's catalog as last listed, when its definitions may be kept (same identity and header rules).
   */
  constructor(
    private readonly of: BuildFor,
    private readonly before: ServerCatalog | undefined,
    private readonly swapIn: (
      next: Omit<ServerCatalog, 'headerParams'>,
      reason: CatalogChange['reason'],
    ) => CatalogChange,
  ) {}

  get views(): readonly ToolView[] {
    return this.list;
  }

  add(tools: RawTool[]): string[] {
    const problems: string[] = [];
    for (const t of tools) {
      // SECURITY: a server that lists one name twice gets its first definition; the second is reported.
      if (this.byName.has(t.name) || this.refused.has(t.name)) {
        problems.push(secondOf('tool', t.name));
        continue;
      }
      // SECURITY: one tool that cannot be processed is skipped and reported; it never takes its server's other tools
      // down.
      try {
        if (!this.keep(t)) this.take(t, this.viewOf(t));
      } catch (e) {
        this.refused.add(t.name);
        problems.push(skip(t.name, (e as Error).message));
      }
    }
    return problems;
  }

  peek(name: string): ToolView | undefined {
    const i = this.byName.get(name);
    const view = i === undefined ? undefined : this.list[i];
    if (i === undefined || !view) return undefined;
    if (view.fingerprint === UNSEALED) {
      try {
        view.fingerprint = this.fingerprints[i] = fingerprintOf(this.raw[i]);
      } catch {
        return undefined;
      }
    }
    return view;
  }

  async seal(): Promise<string[]> {
    const problems: string[] = [];
    const failed = new Set<number>();
    let slice = performance.now();
    for (let i = this.unsealed; i < this.list.length; i++) {
      // In slices of a few milliseconds: the loop answers front ends, agents and other servers meanwhile.
      if ((i & 255) === 255 && performance.now() - slice > SEAL_SLICE_MS) {
        await new Promise<void>((r) => setImmediate(r));
        slice = performance.now();
      }
      const view = this.list[i]!;
      if (view.fingerprint !== UNSEALED) continue;
      try {
        // The views made by `add` are this build's own: a kept one was sealed in the catalog before.
        view.fingerprint = this.fingerprints[i] = fingerprintOf(this.raw[i]);
      } catch (e) {
        failed.add(i);
        this.refused.add(this.raw[i]!.name);
        problems.push(skip(this.raw[i]!.name, (e as Error).message));
      }
    }
    if (failed.size) {
      const keep = (_: unknown, i: number) => !failed.has(i);
      this.raw = this.raw.filter(keep);
      this.list = this.list.filter(keep);
      this.fingerprints = this.fingerprints.filter(keep);
      this.byName = new Map(this.raw.map((t, i) => [t.name, i]));
    }
    this.unsealed = this.list.length;
    return problems;
  }

  commit(reason: CatalogChange['reason']): CatalogChange {
    if (this.unsealed !== this.list.length)
      throw new Error('a catalog build was committed before its fingerprints were made (seal it first)');
    const { identity, headerRules } = this.of;
    return this.swapIn(
      { identity, headerRules, raw: this.raw, views: this.list, fingerprints: this.fingerprints, byName: this.byName },
      reason,
    );
  }

  /** A re-list: a definition the same as the one listed before keeps its view (and fingerprint). */
  private keep(t: RawTool): boolean {
    const before = this.before;
    const i = before?.byName.get(t.name);
    if (!before || i === undefined) return false;
    const old = before.raw[i];
    const view = before.views[i];
    // Compared whole (never by a hash of it): the same definition keeps its view and fingerprint.
    if (!old || !view || view.risk.trusted !== this.of.trusted || !sameJson(old, t)) return false;
    this.take(old, view);
    return true;
  }

  /** A new definition's view, its fingerprint left for the seal. */
  private viewOf(t: RawTool): ToolView {
    // SECURITY: the bounds hold before anything else walks the definition (the page's form included);
    // the size is a floor here, and exact when the seal writes the definition out.
    const shape = definitionShape(t);
    if (shape.tooDeep) throw new RangeError(`nested deeper than ${MAX_JSON_DEPTH} levels`);
    if (shape.chars > MAX_DEFINITION_BYTES) throw new Error(tooLarge(shape.chars));
    const { serverId, identity, trusted, headerRules } = this.of;
    return toolView(serverId, identity, trusted, t, { plain: shape.plain, fingerprint: UNSEALED }, headerRules);
  }

  private take(t: RawTool, view: ToolView): void {
    this.byName.set(t.name, this.raw.length);
    this.raw.push(t);
    this.list.push(view);
    this.fingerprints.push(view.fingerprint);
  }
}
