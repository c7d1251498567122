import { Component, type ReactNode } from 'react';

/** What a browser says when a script of the page's own could not be fetched (Chromium, Firefox, Safari). */
const SCRIPT_NOT_LOADED = /dynamically imported module|Importing a module script failed/i;

/** An error as a person reads it: a script the page could not fetch says why it matters, not the browser's words. */
export function shownError(error: Error): string {
  const message = String(error.message);
  if (SCRIPT_NOT_LOADED.test(message))
    return 'the page could not load its script from the console (is it still running?). Reload the page once the console is back.';
  return message.slice(0, 500);
}

interface Props {
  what: string;
  /** A new value starts it over: the next thing it shows (another tool, say) is not taken for the broken one. */
  resetKey?: unknown;
  /** What to show instead, given the error in words (by default, the error alone). */
  fallback?: (why: string) => ReactNode;
  children: ReactNode;
}

/**
 * Keeps one broken piece from blanking the console: what a server sent can make a view throw
 * (a shape nobody expected); that view then says so, and the rest of the page goes on.
 */
export class ErrorBoundary extends Component<Props, { error: Error | null; key: unknown }> {
  override state = { error: null as Error | null, key: this.props.resetKey };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: { error: Error | null; key: unknown }) {
    return Object.is(props.resetKey, state.key) ? null : { error: null, key: props.resetKey };
  }

  override render() {
    if (!this.state.error) return this.props.children;
    if (this.props.fallback) return this.props.fallback(shownError(this.state.error));
    return (
      <div className="server-error" role="alert" data-testid="view-error">
        This {this.props.what} could not be shown: {shownError(this.state.error)}
      </div>
    );
  }
}
