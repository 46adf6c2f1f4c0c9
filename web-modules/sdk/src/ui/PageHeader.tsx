import { H3, Tag } from '@blueprintjs/core';
import type { ReactNode } from 'react';

export interface PageHeaderProps {
  title: ReactNode;
  count?: number;
  /** Buttons and search boxes on the right. */
  children?: ReactNode;
}

export function PageHeader({ title, count, children }: PageHeaderProps) {
  return (
    <header style={{ display: 'flex', alignItems: 'center', gap: 8, flexWrap: 'wrap', padding: '12px 16px' }}>
      <H3 style={{ margin: 0 }}>{title}</H3>
      {count !== undefined && <Tag round minimal>{count}</Tag>}
      <div style={{ flex: 1 }} />
      {children}
    </header>
  );
}
