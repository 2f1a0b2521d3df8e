/**
 * Analytics events (the spec's stake result event) go to `window.dataLayer`, the tag-manager
 * convention, for whichever collector the site loads; without one they are simply kept there.
 */
export function track(event: string, params: Record<string, string | number>): void {
  const w = window as unknown as { dataLayer?: Record<string, unknown>[] };
  w.dataLayer ??= [];
  w.dataLayer.push({ event, ...params });
}
