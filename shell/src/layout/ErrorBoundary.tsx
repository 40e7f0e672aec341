// A render error in the shell's content area must not take the header and menu with it.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Trans } from 'react-i18next';
import { Button, EmptyState } from '@airloom/shared-ui';

interface State { error: Error | null }

export class ErrorBoundary extends Component<{ children: ReactNode; resetKey?: string }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override componentDidUpdate(prev: { resetKey?: string }): void {
    // Moving to another page clears the error.
    if (this.state.error && prev.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div role="alert">
        <EmptyState
          title={<Trans i18nKey="shell.error.title" />}
          description={<Trans i18nKey="shell.error.text" />}
          action={<Button variant="primary" onClick={() => window.location.reload()}><Trans i18nKey="shell.error.reload" /></Button>}
        />
      </div>
    );
  }
}
