import { Component, type ReactNode } from 'react';

/**
 * Keeps one broken piece from blanking the console: what a server sent can make a view throw
 * (a shape nobody expected); that view then says so, and the rest of the page goes on.
 */
export class ErrorBoundary extends Component<{ what: string; children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="server-error" role="alert" data-testid="view-error">
        This {this.props.what} could not be shown: {String(this.state.error.message).slice(0, 500)}
      </div>
    );
  }
}
