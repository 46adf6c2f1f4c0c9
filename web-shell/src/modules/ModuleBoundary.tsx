import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Icon, Intent } from '@blueprintjs/core';
import { ModuleErrorCard } from './ModuleErrorCard.js';

interface Props {
  moduleId: string;
  /** In the top bar: a small icon instead of a card. */
  compact?: boolean;
  children: ReactNode;
}

/** A remote that throws while rendering takes down only its own area, never the shell. */
export class ModuleBoundary extends Component<Props, { error: unknown }> {
  state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(`web module ${this.props.moduleId} failed`, error, info.componentStack);
  }

  render() {
    if (this.state.error === null) return this.props.children;
    if (this.props.compact) return <Icon icon="error" intent={Intent.DANGER} title={this.props.moduleId} />;
    return <ModuleErrorCard moduleId={this.props.moduleId} />;
  }
}
