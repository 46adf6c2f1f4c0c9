import { Avatar } from '@guiche/web-sdk';
import { profileImageUrl } from '../lib/user-form.js';

/** The user's picture (served at /public/<path>), or their initials when there is none or it fails to load. */
export function UserAvatar({ name, path, size = 36 }: { name: string; path: string | null | undefined; size?: number }) {
  return <Avatar name={name} url={profileImageUrl(path)} size={size} testId="user-avatar" />;
}
