import { sha256 } from '../support/index.js';

/** The spec's tool-name rule (2025-11-25): 1–128 of A–Z a–z 0–9 _ - . */
const TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/;
const PREFIX = /^[A-Za-z0-9_][A-Za-z0-9_-]{0,47}$/;
const PART = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;

/**
 * The name an agent sees for a server's tool: `<server>.<tool>`. It stays within the spec's rules
 * and cannot collide: a server id that fits (no "."; letters, digits, "_", "-"; not starting with
 * "-") is used as it is, any other becomes "-" and a hash of it; a tool name that fits (and does
 * not start with "-") is used as it is, any other becomes "-" and a hash of it. The first "." ends
 * the server part, and a hashed part always starts with "-" while a plain one never does.
 */
export function agentToolName(serverId: string, tool: string): string {
  const prefix = PREFIX.test(serverId) ? serverId : `-${sha256(serverId).slice(0, 16)}`;
  const plain = `${prefix}.${tool}`;
  if (PART.test(tool) && TOOL_NAME.test(plain)) return plain;
  return `${prefix}.-${sha256(tool).slice(0, 24)}`;
}
