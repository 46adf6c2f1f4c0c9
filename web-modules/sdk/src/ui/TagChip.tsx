import { Tag as BpTag } from '@blueprintjs/core';
import { readableOn } from '../color.js';

/** A tag's name on its own colour. */
export function TagChip({ name, color, large }: { name: string; color: string; large?: boolean }) {
  return (
    <BpTag round size={large ? 'large' : undefined} style={{ backgroundColor: color, color: readableOn(color) }} data-testid="tag-chip">
      {name}
    </BpTag>
  );
}
