/**
 * The ids of the last `capacity` messages a tab already reacted to. A message may arrive twice
 * (a node that takes over a dead node's connection announces its last messages again): the
 * second arrival must not ring the chime again.
 */
export class SeenIds {
  private readonly ids = new Set<number>();

  constructor(private readonly capacity = 500) {}

  /** True the first time an id is offered; false on every repetition while it is remembered. */
  first(id: number): boolean {
    if (this.ids.has(id)) return false;
    this.ids.add(id);
    if (this.ids.size > this.capacity) this.ids.delete(this.ids.values().next().value as number);
    return true;
  }
}
