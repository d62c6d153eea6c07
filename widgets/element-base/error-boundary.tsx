/**
 * Keeps a failure inside one element: an error thrown while rendering shows the element's message
 * instead of unmounting silently or reaching the host page's own scripts.
 */
import { Component, type ReactNode } from 'react';
import { ElementMessage } from './element-message';

interface ErrorBoundaryProps {
  tagName: string;
  children: ReactNode;
}

export class ErrorBoundary extends Component<ErrorBoundaryProps, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error): void {
    // The host page's developer needs the stack; the customer sees the message.
    console.error(`<${this.props.tagName}> failed:`, error);
  }

  override render() {
    if (this.state.error) {
      return <ElementMessage tagName={this.props.tagName} title="this widget stopped working." reasons={[this.state.error.message]} />;
    }
    return this.props.children;
  }
}
