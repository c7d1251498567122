import { describe, expect, it } from 'vitest';
import { bridgeArgs, bridgeOptions, desktopBridgeCommand } from './bridge-command.js';

describe('the desktop app as a bridge', () => {
  it('gives hosts an absolute command: the installed executable, or Electron with the checkout', () => {
    expect(
      desktopBridgeCommand({
        packaged: true,
        execPath: '/opt/MCP Console/mcp-console',
        appPath: '/opt/MCP Console/resources/app.asar',
        dataDir: '/d',
      }),
    ).toEqual(['/opt/MCP Console/mcp-console', 'bridge', '--data-dir', '/d', '--agent']);
    expect(
      desktopBridgeCommand({
        packaged: false,
        execPath: '/src/node_modules/electron/dist/electron',
        appPath: '/src',
        dataDir: '/d',
      })[1],
    ).toBe('/src');
  });

  it('runs as a bridge only when bridge is the mode word, as the snippet writes it', () => {
    expect(bridgeArgs(['/opt/app', 'bridge', '--data-dir', '/d', '--agent', 'claude'])).toEqual([
      'bridge',
      '--data-dir',
      '/d',
      '--agent',
      'claude',
    ]);
    expect(bridgeArgs(['/electron', '/src', 'bridge', '--agent', 'x'])).toEqual(['bridge', '--agent', 'x']);
    expect(bridgeArgs(['/opt/app'])).toBeNull();
    expect(bridgeArgs(['/opt/app', '--config', 'bridge'])).toBeNull();
    expect(bridgeArgs(['/electron', '/src', '--config', 'bridge'])).toBeNull();
    expect(bridgeOptions(['bridge', '--data-dir', '/d', '--agent', 'claude'])).toEqual({
      agent: 'claude',
      dataDir: '/d',
    });
    expect(bridgeOptions(['bridge', '--agent'])).toEqual({ agent: undefined, dataDir: undefined });
  });
});
