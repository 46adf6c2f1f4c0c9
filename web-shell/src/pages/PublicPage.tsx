import { Card, Elevation, H2 } from '@blueprintjs/core';
import type { ReactNode } from 'react';

/** Centered card used by the login, sign-up and recovery screens. */
export function PublicPage({ title, children, wide }: { title: string; children: ReactNode; wide?: boolean }) {
  return (
    <main className="public-page">
      <Card elevation={Elevation.TWO} className="public-card" style={{ maxWidth: wide ? 560 : 400 }}>
        <div className="public-brand" aria-hidden="true">Guichê</div>
        <H2>{title}</H2>
        {children}
      </Card>
    </main>
  );
}
