import { Component, type ReactNode } from 'react';

type Props = { children: ReactNode; resetKey?: string };
type State = { error: Error | null };

/** Last-resort error screen (also for a failed lazy chunk after a deploy). */
export class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  componentDidCatch(error: Error) {
    console.warn('Unexpected error', error);
  }

  componentDidUpdate(prev: Props) {
    if (this.state.error && prev.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="status-page container">
        <h1>Something went bump in the night</h1>
        <p className="muted">An unexpected error occurred. Try reloading the page.</p>
        <div className="row center">
          <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
            Reload
          </button>
          <a className="btn btn-ghost" href="/">
            Go Home
          </a>
        </div>
      </div>
    );
  }
}
