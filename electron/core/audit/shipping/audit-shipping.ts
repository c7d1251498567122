import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ShippingView } from '../../../../shared/schemas/shipping.js';
import { sha256, type EventBus } from '../../support/index.js';
import type { AuditLog } from '../audit-log.js';
import type { AuditTrail } from '../audit-trail.js';
import { OtlpSink } from './otlp-sink.js';
import { Shipper, type ShipperDeps } from './shipper.js';
import type { Sink } from './sink.js';
import { RelpSink } from './relp-sink.js';
import { SyslogSink } from './syslog-sink.js';

/** Where the audit trail goes: a syslog receiver (with the CA a tls:// one is checked against) and an OTLP endpoint. */
export interface ShipTargets {
  syslog?: string | null;
  ca?: string | null;
  otlp?: string | null;
}

/** A team's chain as what is shipped (core/team/team-shipping.ts): by the one instance elected to ship it. */
export interface TeamShipSource {
  /** Whether this instance ships now (it holds the team's shipping lock), and which one does. */
  elected(): boolean;
  shipper(): string | null;
  newestSeq(): number;
  readAfter: NonNullable<ShipperDeps['readAfter']>;
  /** The newest entry a receiver acknowledged, as the store keeps it; and a delivery's, kept there. */
  cursor(target: string): Promise<number>;
  saveCursor(target: string, seq: number): void;
  checkpoint: ShipperDeps['checkpoint'];
}

/** How many entries a new receiver, or one down for long, is sent at most. */
const MAX_BACKLOG = 100_000;

/**
 * Audit shipping: one Shipper per receiver, fed every entry the trail writes, each with its cursor
 * in `ship/` of the data directory. Targets come from the settings, or from the host's flags
 * (`--ship-syslog`, `--ship-ca`, `--ship-otlp`), which win; a change of settings starts, stops or
 * replaces them.
 */
export class AuditShipping {
  private shippers: Shipper[] = [];
  private problems: string[] = [];
  private key = '';
  private off: (() => void) | null = null;
  private notify: NodeJS.Timeout | null = null;
  /** A team service on a shared store: its chain is shipped, once joined ('waiting' until then). */
  private team: TeamShipSource | 'waiting' | null;
  private generation = 0;

  constructor(
    private readonly d: {
      dataDir: string;
      log: AuditLog;
      trail: AuditTrail;
      bus: EventBus;
      /** The targets the settings name now. */
      settings(): ShipTargets;
      /** The host's flags: where set, they replace the settings' value. */
      flags?: ShipTargets;
      /** A team service joining a shared store: nothing is shipped from this log; the team's chain is, once joined. */
      fromTeam?: boolean;
    },
  ) {
    this.team = d.fromTeam ? 'waiting' : null;
  }

  /** Ships the team's chain from now on (when this instance is elected), not this instance's own log. */
  useTeam(source: TeamShipSource): void {
    this.team = source;
    this.key = '';
    this.configure();
  }

  /** The team's election changed (this instance now ships, or no longer does): started or stopped. */
  electionChanged(): void {
    this.key = '';
    this.configure();
  }

  /** The team's chain grew: the shippers read it. */
  chainGrew(): void {
    for (const s of this.shippers) s.poke();
  }

  /** Starts (or restarts) shipping to what the flags and settings name; nothing changes when they name the same. */
  configure(): void {
    const s = this.d.settings();
    const f = this.d.flags ?? {};
    const want: ShipTargets = { syslog: f.syslog ?? s.syslog, ca: f.ca ?? s.ca, otlp: f.otlp ?? s.otlp };
    const team = this.team;
    const ships = team === null || (team !== 'waiting' && team.elected());
    const key = JSON.stringify({ want, ships });
    if (key === this.key) return;
    this.key = key;
    this.stop();
    this.problems = [];
    if (!ships) return this.changed();
    const made: Array<[Shipper['kind'], Sink]> = [];
    const make = (kind: Shipper['kind'], build: () => Sink) => {
      try {
        made.push([kind, build()]);
      } catch (e) {
        this.problems.push(`audit shipping (${kind}) is off: ${(e as Error).message}`);
      }
    };
    if (want.syslog)
      make('syslog', () => {
        const url = new URL(want.syslog!);
        const caFile = want.ca ?? undefined;
        return url.protocol === 'relp:' || url.protocol === 'relps:'
          ? new RelpSink(url, { caFile })
          : new SyslogSink(url, { caFile });
      });
    if (want.otlp) make('otlp', () => new OtlpSink(new URL(want.otlp!)));
    if (made.length === 0 && this.problems.length === 0) return this.changed();
    if (team) return void this.shipTeam(team, made);
    const dir = join(this.d.dataDir, 'ship');
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    this.shippers = made.map(
      ([kind, sink]) =>
        new Shipper(kind, sink, {
          logPath: this.d.log.path,
          cursorPath: join(dir, `${kind}-${sha256(sink.target).slice(0, 16)}.json`),
          logSeq: () => this.d.log.newestSeq(),
          checkpoint: () => {
            const cp = this.d.log.checkpointNow();
            return typeof cp === 'string' ? null : cp;
          },
          ...this.shipperDeps(),
        }),
    );
    this.off = this.d.bus.on((name, payload) => {
      if (name !== 'audit.appended') return;
      const entry = payload as Parameters<Shipper['appended']>[0];
      // The entry's line as the log holds it (its fields in the order written, `hash` last): made once for every
      // receiver.
      const line = JSON.stringify(entry);
      for (const s of this.shippers) s.appended(entry, line);
    });
    for (const s of this.shippers) s.start();
    this.changed();
  }

  /** The team's chain to each receiver, each from the cursor the store keeps for it. */
  private async shipTeam(team: TeamShipSource, made: Array<[Shipper['kind'], Sink]>): Promise<void> {
    const generation = ++this.generation;
    const shippers: Shipper[] = [];
    let missed = false;
    for (const [kind, sink] of made) {
      const seq = await team.cursor(sink.target).catch(() => null);
      if (seq === null) {
        // The store did not answer just now: this receiver waits, and is tried again in a second.
        this.problems.push(`audit shipping (${kind}) waits: the team store cannot be read`);
        sink.close();
        missed = true;
      } else
        shippers.push(
          new Shipper(kind, sink, {
            ...this.shipperDeps(),
            logPath: '',
            cursorPath: '',
            logSeq: () => team.newestSeq(),
            checkpoint: () => team.checkpoint(),
            readAfter: (after, max) => team.readAfter(after, max),
            cursor: { seq, save: (s) => team.saveCursor(sink.target, s) },
          }),
        );
    }
    if (generation !== this.generation) return void shippers.forEach((s) => s.stop());
    if (missed)
      setTimeout(() => {
        if (generation === this.generation) this.electionChanged();
      }, 1000).unref();
    this.shippers = shippers;
    for (const s of shippers) s.start();
    this.changed();
  }

  private shipperDeps(): Pick<ShipperDeps, 'audit' | 'changed' | 'maxBacklog'> {
    return {
      audit: (f) => {
        try {
          this.d.trail.record(f);
        } catch {
          /* the log is closing, or cannot be written: the start or the log itself says so */
        }
      },
      changed: () => this.changed(),
      maxBacklog: MAX_BACKLOG,
    };
  }

  view(): ShippingView {
    const flags = Object.entries(this.d.flags ?? {}).filter(([, v]) => typeof v === 'string' && v !== '');
    const team = this.team;
    return {
      targets: this.shippers.map((s) => s.status()),
      problems: [...this.problems],
      fromFlags: flags.map(([k]) => `--ship-${k}`),
      ...(team && team !== 'waiting' && { team: { shipper: team.shipper(), self: team.elected() } }),
    };
  }

  /** What the start reports: targets that could not be set up. */
  startProblems(): string[] {
    return [...this.problems];
  }

  stop(): void {
    this.generation++;
    this.off?.();
    this.off = null;
    for (const s of this.shippers) s.stop();
    this.shippers = [];
  }

  /** Tells the front ends, at most four times a second (a busy log changes the counts constantly). */
  private changed(): void {
    this.notify ??= setTimeout(() => {
      this.notify = null;
      this.d.bus.emit('audit.shippingChanged', this.view());
    }, 250);
    this.notify.unref?.();
  }
}
