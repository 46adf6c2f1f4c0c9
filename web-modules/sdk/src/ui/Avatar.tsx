import { useState } from 'react';
import { initialsOf } from '../lib/text.js';
import './list.css';

export interface AvatarProps {
  name: string;
  /** The picture's URL; without one (or when it fails to load) the initials show. */
  url: string | null | undefined;
  /** Side in px (default: the stylesheet's 36 px). */
  size?: number;
  /** 'user-avatar' gives user-avatar-img / user-avatar-initials. */
  testId?: string;
}

/** A round picture, or the name's initials when there is none or it fails to load. */
export function Avatar({ name, url, size, testId }: AvatarProps) {
  const [broken, setBroken] = useState<string | null>(null);
  const style = size ? { width: size, height: size, fontSize: Math.round(size / 2.6) } : undefined;
  if (url && broken !== url)
    return <img className="cx-avatar" style={style} src={url} alt="" loading="lazy" onError={() => setBroken(url)} data-testid={testId && `${testId}-img`} />;
  return (
    <span className="cx-avatar" style={style} aria-hidden="true" data-testid={testId && `${testId}-initials`}>
      {initialsOf(name)}
    </span>
  );
}
