/**
 * The person at the console, for the gateway bench, in a process of its own (as a page would be in
 * the browser's): allows each approval it is asked for, for the session. Reading every event the
 * console pushes costs time; in the bench's own process it would be charged to the agents' calls.
 * Usage: node person.js <page URL with #token=…>; prints "ready" once connected.
 */
import { WebSocket } from 'ws';

const u = new URL(process.argv[2] ?? '');
const token = new URLSearchParams(u.hash.slice(1)).get('token');
const ws = new WebSocket(`ws://${u.host}/ws?token=${token}`, { origin: `http://${u.host}` });
let id = 0;
ws.on('message', (data, binary) => {
  if (binary) return;
  const text = data.toString();
  if (!text.includes('"approval.requested"')) return;
  const msg = JSON.parse(text) as { event?: string; payload?: { id: string; argsHash: string } };
  if (msg.event === 'approval.requested' && msg.payload)
    ws.send(
      JSON.stringify({
        id: ++id,
        method: 'approvals.decide',
        params: { approvalId: msg.payload.id, decision: 'approve', argsHash: msg.payload.argsHash, scope: 'session' },
      }),
    );
});
ws.once('open', () => process.stdout.write('ready\n'));
ws.once('close', () => process.exit(0));
