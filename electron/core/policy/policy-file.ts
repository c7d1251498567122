import { statSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { readPlacedText, re2, sha256 } from '../support/index.js';
import { parseMeasured } from '../../../shared/boundary.js';
import { PolicyFile } from '../../../shared/schemas/policy.js';

/** The platform's managed location: where an administrator deploys the file users cannot change. */
export function managedPolicyPath(
  platform: NodeJS.Platform = process.platform,
  env: NodeJS.ProcessEnv = process.env,
): string {
  if (platform === 'win32') return join(env.ProgramData ?? 'C:\\ProgramData', 'MCP Console', 'policy.json');
  if (platform === 'darwin') return '/Library/Application Support/MCP Console/policy.json';
  return '/etc/mcp-console/policy.json';
}

/** A policy file read and checked: its rules, or why it cannot be applied (every RE2 pattern compiled too). */
export function readPolicyFile(
  path: string,
): { file: PolicyFile; hash: string } | { missing: true } | { problem: string } {
  let text: string;
  try {
    text = readPlacedText(path, 'the policy file');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { missing: true };
    return { problem: `${path} could not be read: ${(e as Error).message}` };
  }
  return parsePolicyText(text, path);
}

/** A policy's text checked: its rules and hash, or why it cannot be applied (`name` says where it came from). */
export function parsePolicyText(text: string, path: string): { file: PolicyFile; hash: string } | { problem: string } {
  try {
    const parsed = PolicyFile.safeParse(parseMeasured(text, 'the policy file'));
    if (!parsed.success)
      return {
        problem: `${path} is not a valid policy: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(top)'}: ${i.message}`).join('; ')}`,
      };
    parsed.data.rules.forEach((r, i) =>
      r.when?.forEach((c, j) => {
        if (c.matches === undefined) return;
        try {
          re2().compile(c.matches);
        } catch (e) {
          throw new Error(`rules.${i}.when.${j}.matches: not an RE2 pattern (${(e as Error).message})`, { cause: e });
        }
      }),
    );
    return { file: parsed.data, hash: sha256(text) };
  } catch (e) {
    return { problem: `${path} is not a valid policy: ${(e as Error).message}` };
  }
}

const stampOf = (st: { size: number; mtimeMs: number; ino: number }) => `${st.size}:${st.mtimeMs}:${st.ino}`;

/** A file's size, time and inode, or '' when it is not there (or cannot be read). */
export async function fileStamp(path: string): Promise<string> {
  try {
    return stampOf(await stat(path));
  } catch {
    return '';
  }
}

export function fileStampNow(path: string): string {
  try {
    return stampOf(statSync(path));
  } catch {
    return '';
  }
}
