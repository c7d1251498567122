/**
 * The command an agent host launches to reach the desktop app as an agent (`bridge`), absolute so
 * it works as copied where `mcp-console` is not on the PATH: the installed app's own executable in
 * its bridge mode, or, run from a checkout (`electron .`), the Electron binary with the app's folder.
 */
export function desktopBridgeCommand(o: {
  packaged: boolean;
  execPath: string;
  appPath: string;
  dataDir: string;
}): string[] {
  const app = o.packaged ? [o.execPath] : [o.execPath, o.appPath];
  return [...app, 'bridge', '--data-dir', o.dataDir, '--agent'];
}

/** The bridge's arguments when the app was launched as `<app> [<appPath>] bridge …`, else null (a normal start). */
export function bridgeArgs(argv: readonly string[]): string[] | null {
  const at = argv.indexOf('bridge');
  // Only as the first word after the executable (and the app folder in a checkout): a flag's value "bridge" is not the
  // mode.
  if (at < 1 || at > 2 || (at === 2 && argv[1]!.startsWith('-'))) return null;
  return argv.slice(at);
}

/** The bridge's options from its arguments (`bridge --agent NAME [--data-dir D]`). */
export function bridgeOptions(args: readonly string[]): { agent?: string; dataDir?: string } {
  const value = (flag: string) => {
    const i = args.indexOf(flag);
    return i >= 0 && i + 1 < args.length ? args[i + 1] : undefined;
  };
  return { agent: value('--agent'), dataDir: value('--data-dir') };
}
