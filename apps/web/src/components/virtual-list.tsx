import { useEffect, useRef, type ReactNode } from 'react';
import { Box } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';

export interface VirtualListProps<T> {
  items: readonly T[];
  /** the list's accessible name */
  label: string;
  rowHeight: number;
  /** rows rendered beyond the visible ones, each way */
  overscan: number;
  keyOf: (item: T) => string;
  renderRow: (item: T) => ReactNode;
  /** shown instead of the list when there are no items */
  empty: ReactNode;
  /** the row kept in view (J and K move a selection), when there is one */
  activeIndex?: number;
}

/**
 * A scrolling list of fixed-height rows of which only those in view (and `overscan` more) are in the page: the faces
 * and badge lists, thousands of rows long. It fills its parent's remaining height.
 */
export function VirtualList<T>({ items, label, rowHeight, overscan, keyOf, renderRow, empty, activeIndex = -1 }: VirtualListProps<T>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read during render on purpose; nothing here is memoised by the compiler.
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan,
    getItemKey: (index) => (items[index] === undefined ? index : keyOf(items[index])),
  });

  useEffect(() => {
    if (activeIndex >= 0 && typeof scrollRef.current?.scrollTo === 'function') virtualizer.scrollToIndex(activeIndex, { align: 'auto' });
  }, [activeIndex, virtualizer]);

  return (
    <Box ref={scrollRef} style={{ flex: 1, minHeight: 0, overflowY: 'auto', overscrollBehavior: 'contain' }}>
      {items.length === 0 ? (
        empty
      ) : (
        <Box component="ul" aria-label={label} m={0} p={0} pos="relative" h={virtualizer.getTotalSize()} style={{ listStyle: 'none' }}>
          {virtualizer.getVirtualItems().map((item) => (
            <Box
              component="li"
              key={item.key}
              aria-posinset={item.index + 1}
              aria-setsize={items.length}
              pos="absolute"
              top={0}
              left={0}
              w="100%"
              h={rowHeight}
              style={{ transform: `translateY(${item.start}px)` }}
            >
              {renderRow(items[item.index]!)}
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
