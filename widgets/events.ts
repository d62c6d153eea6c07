/** Widgets tell the host page what happened with bubbling, composed `showroom:*` events. */
export function emitShowroomEvent(from: EventTarget | null, name: string, detail: unknown): void {
  from?.dispatchEvent(new CustomEvent(`showroom:${name}`, { detail, bubbles: true, composed: true }));
}
