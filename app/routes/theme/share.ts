import type { FloatingPanelProps } from '~/components/layout/FloatingPanel';
import type { ShareHandle } from '~/routes/layouts/default';

/** Route `handle` that puts a share control on the floating panel, from the page's loader data. */
export function floatingShare<Data>(pick: (data: Data) => FloatingPanelProps['share']): ShareHandle {
  return { share: (data) => (data ? pick(data as Data) : null) };
}
