/**
 * The offline scanners a reviewer might pick instead of ours, each fed a corpus case in the form it
 * reads. None takes a tool definition as it is listed, so each has an adapter, stated here so the
 * comparison can be checked:
 *
 * - agentaudit: its own tool-poisoning scanner (`scanTools`), given each server's tools as listed.
 * - ferret-scan: its CLI over a folder holding one `skills/<server>/SKILL.md` per server — each
 *   tool's name, description, parameters and the definition as JSON (ferret reads AI-CLI files:
 *   skills, rules, agent notes; a plain JSON file of tools gets none of its prompt rules).
 * - mcp-scan (npm): its `runScan` over a host config naming one server per case, the server's
 *   tools under `schema.tools` and its instructions as `description` (what it reads of a server;
 *   it does not connect). Findings it makes of the config itself (the same for an empty server)
 *   are taken away.
 * - agent-security-scanner-mcp: its `scanMcpServer` with `manifest: true` over a folder holding a
 *   `server.json` manifest of the tools and an `index.js` registering them with `server.tool(…)`.
 *
 * A finding counts when the scanner rates it medium or above (its own scale, mapped below).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CorpusCase } from '../review/corpus-kit.js';

export type Level = 'high' | 'medium' | 'low';
/** What a scanner said about one case: each finding with its level, as the scanner rates it. */
export interface Said {
  findings: { level: Level; what: string }[];
}
export interface Peer {
  name: string;
  version: string;
  /** Reads every case at once (a CLI run per case would time the CLI's start, not its rules). */
  scan(cases: readonly CorpusCase[], work: string): Promise<Map<string, Said>>;
}

export const PEERS_PINNED = {
  agentaudit: '3.14.0',
  'ferret-scan': '2.10.0',
  'mcp-scan': '2.0.8',
  'agent-security-scanner-mcp': '4.5.9',
} as const;

const level = (s: string): Level => {
  const x = s.toLowerCase();
  if (x === 'critical' || x === 'high' || x === 'error') return 'high';
  if (x === 'medium' || x === 'warning' || x === 'moderate') return 'medium';
  return 'low';
};

const load = async <T>(scratch: string, file: string): Promise<T> =>
  (await import(pathToFileURL(join(scratch, 'node_modules', file)).href)) as T;
const str = (x: unknown): string => (typeof x === 'string' ? x : '');

function agentaudit(scratch: string): Peer {
  type Scan = (
    tools: unknown[],
    o: { server_name: string },
  ) => { findings: { severity: string; title: string; tool_name: string }[] };
  return {
    name: 'agentaudit',
    version: PEERS_PINNED.agentaudit,
    async scan(cases) {
      const { scanTools } = await load<{ scanTools: Scan }>(scratch, 'agentaudit/tool-poisoning-detector.mjs');
      return new Map(
        cases.map((c) => [
          c.id,
          {
            findings: c.servers.flatMap((s) =>
              scanTools(s.tools, { server_name: s.id }).findings.map((f) => ({
                level: level(f.severity),
                what: `${f.tool_name}: ${f.title}`,
              })),
            ),
          },
        ]),
      );
    },
  };
}

/** One server's definitions as a skill file: what a person would write for an agent to read. */
function skillFile(s: CorpusCase['servers'][number]): string {
  const out = [`---\nname: ${s.id}\ndescription: Tools of the ${s.id} server\n---\n`, `# ${s.id}\n`];
  if (s.instructions) out.push(s.instructions, '');
  for (const t of s.tools) {
    out.push(`## ${str(t.name)}\n`, str(t.description), '');
    const props =
      (t.inputSchema as { properties?: Record<string, { description?: unknown }> } | undefined)?.properties ?? {};
    for (const [k, v] of Object.entries(props)) out.push(`- \`${k}\`: ${str(v?.description)}`);
    out.push('', '```json', JSON.stringify(t, null, 2), '```', '');
  }
  return out.join('\n');
}

function ferret(scratch: string): Peer {
  return {
    name: 'ferret-scan',
    version: PEERS_PINNED['ferret-scan'],
    async scan(cases, work) {
      const root = join(work, 'ferret');
      for (const c of cases)
        for (const s of c.servers) {
          mkdirSync(join(root, c.id, 'skills', s.id), { recursive: true });
          writeFileSync(join(root, c.id, 'skills', s.id, 'SKILL.md'), skillFile(s));
        }
      const run = spawnSync(
        process.execPath,
        [join(scratch, 'node_modules/ferret-scan/bin/ferret.js'), 'scan', root, '--format', 'json', '--thorough'],
        {
          encoding: 'utf8',
          maxBuffer: 256 * 1024 * 1024,
          env: { ...process.env, NO_COLOR: '1' },
        },
      );
      const json = run.stdout.slice(run.stdout.indexOf('{'));
      const report = JSON.parse(json) as { findings: { severity: string; ruleName: string; relativePath: string }[] };
      const said = new Map<string, Said>(cases.map((c) => [c.id, { findings: [] }]));
      for (const f of report.findings)
        said.get(f.relativePath.split(/[\\/]/)[0]!)?.findings.push({ level: level(f.severity), what: f.ruleName });
      return said;
    },
  };
}

function mcpScan(scratch: string): Peer {
  type Report = {
    results: { serverName: string; findings: { id: string; severity: string; description: string }[] }[];
  };
  type Run = (o: { config: string; silent: boolean; json: boolean; offline: boolean }) => Promise<Report>;
  return {
    name: 'mcp-scan',
    version: PEERS_PINNED['mcp-scan'],
    async scan(cases, work) {
      const { runScan } = await load<{ runScan: Run }>(scratch, 'mcp-scan/dist/lib.js');
      const entry = (key: string, s: CorpusCase['servers'][number] | undefined) => ({
        command: 'node',
        args: [`${key}/server.js`],
        ...(s?.instructions ? { description: s.instructions } : {}),
        schema: { tools: s?.tools ?? [] },
      });
      const servers: Record<string, unknown> = {};
      const owner = new Map<string, string>();
      for (const c of cases)
        c.servers.forEach((s, i) => {
          const key = `${c.id}--${i}`;
          servers[key] = entry(key, s);
          owner.set(key, c.id);
        });
      // What it says of a server with no tools is about the config, not the definitions.
      const empty = join(work, 'mcp-scan-empty.json');
      writeFileSync(empty, JSON.stringify({ mcpServers: { 'empty--0': entry('empty--0', undefined) } }));
      const base = new Set(
        (await runScan({ config: empty, silent: true, json: true, offline: true })).results.flatMap((r) =>
          r.findings.map((f) => f.id),
        ),
      );
      const config = join(work, 'mcp-scan.json');
      writeFileSync(config, JSON.stringify({ mcpServers: servers }));
      const report = await runScan({ config, silent: true, json: true, offline: true });
      const said = new Map<string, Said>(cases.map((c) => [c.id, { findings: [] }]));
      for (const r of report.results)
        for (const f of r.findings)
          if (!base.has(f.id))
            said
              .get(owner.get(r.serverName) ?? '')
              ?.findings.push({ level: level(f.severity), what: `${f.id}: ${f.description}` });
      return said;
    },
  };
}

function agentSecurityScanner(scratch: string): Peer {
  type Scan = (o: {
    server_path: string;
    verbosity: string;
    manifest: boolean;
  }) => Promise<{ content: { text: string }[] }>;
  return {
    name: 'agent-security-scanner-mcp',
    version: PEERS_PINNED['agent-security-scanner-mcp'],
    async scan(cases, work) {
      process.env.PROOFLAYER_DISABLE_EMAIL_CAPTURE = '1';
      const { scanMcpServer } = await load<{ scanMcpServer: Scan }>(
        scratch,
        'agent-security-scanner-mcp/src/tools/scan-mcp.js',
      );
      const said = new Map<string, Said>();
      for (const c of cases) {
        const findings: Said['findings'] = [];
        for (const s of c.servers) {
          const dir = join(work, 'asm', c.id, s.id);
          mkdirSync(dir, { recursive: true });
          writeFileSync(
            join(dir, 'server.json'),
            JSON.stringify({ name: s.id, version: '1.0.0', tools: s.tools }, null, 2),
          );
          const calls = s.tools.map(
            (t) =>
              `server.tool(${JSON.stringify(str(t.name))}, ${JSON.stringify(str(t.description))}, {}, async () => ({ content: [] }));`,
          );
          writeFileSync(
            join(dir, 'index.js'),
            [
              `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';`,
              `const server = new McpServer({ name: '${s.id}', version: '1.0.0' });`,
              ...calls,
            ].join('\n'),
          );
          const out = JSON.parse(
            (await scanMcpServer({ server_path: dir, verbosity: 'full', manifest: true })).content[0]!.text,
          ) as {
            findings?: { severity: string; rule: string; message: string }[];
          };
          findings.push(
            ...(out.findings ?? []).map((f) => ({ level: level(f.severity), what: `${f.rule}: ${f.message}` })),
          );
        }
        said.set(c.id, { findings });
      }
      return said;
    },
  };
}

export const peersIn = (scratch: string): Peer[] => [
  agentaudit(scratch),
  ferret(scratch),
  mcpScan(scratch),
  agentSecurityScanner(scratch),
];
