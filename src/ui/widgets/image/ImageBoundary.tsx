import { Component, type ReactNode } from 'react';
import { Text } from 'ink';
import { sanitizeLine } from '../../../util/sanitize.js';

interface State {
  error?: string;
}

/**
 * An image that cannot be drawn (its component did not load, the file did not decode)
 * says so in its place; the rest of the deck goes on.
 */
export class ImageBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = {};

  static getDerivedStateFromError(error: unknown): State {
    return { error: (error as Error)?.message ?? String(error) };
  }

  override render() {
    if (this.state.error !== undefined) return <Text wrap="truncate-end">{`could not draw the image: ${sanitizeLine(this.state.error)}`}</Text>;
    return this.props.children;
  }
}
