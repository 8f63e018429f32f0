/**
 * A minimal observable state (useSyncExternalStore's shape): the views read it and re-render when it
 * changes; the one object that owns it changes it.
 */
export class Observable<S> {
  private readonly listeners = new Set<() => void>();

  constructor(private state: S) {}

  readonly get = (): S => this.state;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Changes some fields and tells the views. */
  set(patch: Partial<S>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }
}
