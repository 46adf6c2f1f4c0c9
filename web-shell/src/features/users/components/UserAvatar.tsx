import { useState } from 'react';
import { initialsOf, profileImageUrl } from '../lib/user-form.js';

/** The user's picture (served at /public/<path>), or their initials when there is none or it fails to load. */
export function UserAvatar({ name, path, size = 36 }: { name: string; path: string | null | undefined; size?: number }) {
  const [broken, setBroken] = useState<string | null>(null);
  const url = profileImageUrl(path);
  const style = { width: size, height: size, fontSize: Math.round(size / 2.6) };
  if (url && broken !== url) return <img className="cx-avatar" style={style} src={url} alt="" loading="lazy" onError={() => setBroken(url)} data-testid="user-avatar-img" />;
  return (
    <span className="cx-avatar" style={style} aria-hidden="true" data-testid="user-avatar-initials">
      {initialsOf(name)}
    </span>
  );
}
