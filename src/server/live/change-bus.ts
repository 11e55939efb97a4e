/**
 * In-process signal that events of an organization changed (stored, processed, failed, retried). The live
 * stream wakes on it at once; changes made by another process (a separate worker) are found by polling the
 * change sequence, so this is a shortcut, never the only path.
 */
export class ChangeBus {
  private readonly listeners = new Set<(organizationId: string) => void>();

  subscribe(listener: (organizationId: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  publish(organizationId: string): void {
    for (const listener of this.listeners) listener(organizationId);
  }

  get size(): number {
    return this.listeners.size;
  }
}
