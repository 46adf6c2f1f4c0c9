import { useState } from 'react';
import { initials } from '../lib/phone.js';

/** The contact's picture, or their initials when there is none (or it fails to load). */
export function ContactAvatar({ name, url }: { name: string; url: string | null }) {
  const [broken, setBroken] = useState(false);
  if (url && !broken) return <img className="cx-avatar" src={url} alt="" loading="lazy" onError={() => setBroken(true)} />;
  return (
    <span className="cx-avatar" aria-hidden="true">
      {initials(name)}
    </span>
  );
}
