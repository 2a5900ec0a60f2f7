import { Component, Suspense, type ReactNode } from 'react';

/**
 * Hydration in slices (decision 0045). Preact hydrates a page in one task, which a phone's
 * slow CPU turns into a long freeze (and Lighthouse into blocking time); React cut it into
 * 5 ms slices. A `HydrationSlice` suspends once, the first time it is hydrated, until the
 * next task: Preact keeps its server markup meanwhile and hydrates it then, so each slice is
 * a task of its own. Its child must render exactly one element (Preact maps a suspended
 * subtree to one server node), and the markup is the server's, since on the server and in a
 * React build the slice is only its children.
 */

/** Whether slices render their boundary: from the Preact entry on, for the page's lifetime. */
let sliced = false;
/** Whether a fresh slice yields: during the first hydration only. */
let slicing = false;
let pendingSlices = 0;
let rootCommitted = false;
const onHydrated: Array<() => void> = [];

/** Called by the browser's Preact entry (app/lib/preact-dom-client.ts) before it hydrates. */
export function sliceHydration() {
  sliced = true;
  slicing = true;
}

function settle() {
  if (!rootCommitted || pendingSlices > 0) return;
  slicing = false;
  for (const callback of onHydrated.splice(0)) callback();
}

/**
 * Runs `callback` once the whole page is hydrated, slices included. The root calls it from
 * its first effect; later slices cannot start after that, since slices only suspend while the
 * first hydration is under way.
 */
export function whenPageHydrated(callback: () => void) {
  rootCommitted = true;
  onHydrated.push(callback);
  settle();
}

const nextTask = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });

/**
 * A class, not a function with hooks: Preact drops the hooks of a component that suspends on
 * its first render, and the instance is what remembers that it has already yielded.
 */
class YieldOnce extends Component<{ children: ReactNode }> {
  private state_ = 'fresh' as 'fresh' | 'waiting' | 'done';

  override render() {
    if (this.state_ === 'fresh' && slicing) {
      this.state_ = 'waiting';
      pendingSlices++;
      throw nextTask();
    }
    if (this.state_ === 'waiting') {
      this.state_ = 'done';
      pendingSlices--;
      queueMicrotask(settle);
    }
    return this.props.children;
  }
}

/**
 * Once sliced, always the same boundary: a slice that became plain children after hydration
 * would make Preact replace its subtree on the next render.
 */
export function HydrationSlice({ children }: { children: ReactNode }) {
  if (!sliced) return children;
  return (
    <Suspense fallback={null}>
      <YieldOnce>{children}</YieldOnce>
    </Suspense>
  );
}
