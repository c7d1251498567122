import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_USER } from '../../shared/schemas/requester.js';
import { expandTemplate } from '../../electron/core/catalog/index.js';
import { type Harness, nextEvent, withEverything } from '../harness/harness.js';
import { partsOf } from '../../electron/core/testing.js';

describe('resource templates and subscriptions', () => {
  let h: Harness;
  beforeAll(async () => void (h = await withEverything()));
  afterAll(() => h.dispose());

  it('expands RFC 6570 templates (the SDK’s implementation), encoding what must be', () => {
    expect(expandTemplate('demo://resource/dynamic/text/{resourceId}', {})).toEqual({
      variables: ['resourceId'],
      uri: 'demo://resource/dynamic/text/',
    });
    expect(expandTemplate('file:///{+path}{?q,lang}', { path: 'a/b c', q: 'x&y', lang: 'fr' }).uri).toBe(
      'file:///a/b%20c?q=x%26y&lang=fr',
    );
  });

  it('a template of server-everything: its variable completed by the server, the URI it makes read', async () => {
    const [template] = (await h.core.resourceTemplates('everything')).filter((t) => t.uriTemplate.includes('/text/'));
    expect(template?.uriTemplate).toBe('demo://resource/dynamic/text/{resourceId}');
    const done = await h.core.complete({
      serverId: 'everything',
      ref: { type: 'ref/resource', uri: template!.uriTemplate },
      argument: { name: 'resourceId', value: '7' },
    });
    expect(done.values).toEqual(['7']);
    const { uri } = expandTemplate(template!.uriTemplate, { resourceId: '7' });
    const read = await h.core.readResource('everything', uri, CONSOLE_USER);
    expect(read.contents[0]).toMatchObject({ uri: 'demo://resource/dynamic/text/7' });
  });

  it('subscribing (2025 era) turns the server’s updated notifications into events, recorded; unsubscribing stops them', async () => {
    const uri = 'demo://resource/dynamic/text/1';
    expect(await partsOf(h.core).subscriptions.subscribe('everything', uri, CONSOLE_USER)).toEqual([uri]);
    const updated = nextEvent(h.core, 'resource.updated', (u) => u.serverId === 'everything' && u.uri === uri);
    const asked = nextEvent(h.core, 'approval.requested', (a) => a.serverId === 'everything');
    const rec = h.core.requestCall('everything', 'toggle-subscriber-updates', {}, CONSOLE_USER);
    const a = await asked;
    h.core.decide({ approvalId: a.id, decision: 'approve', argsHash: a.argsHash, scope: 'once' }, 'user');
    await h.core.waitCall(rec.id);
    expect(await updated).toMatchObject({ serverId: 'everything', uri });
    expect(await partsOf(h.core).subscriptions.unsubscribe('everything', uri, CONSOLE_USER)).toEqual([]);
    expect(h.core.queryAudit({ kind: 'resource-subscription', limit: 5 }).map((e) => e.decision)).toEqual([
      'subscribe',
      'unsubscribe',
    ]);
  }, 20_000);
});
