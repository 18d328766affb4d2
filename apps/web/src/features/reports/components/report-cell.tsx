import { Anchor, Text } from '@mantine/core';
import type { ReportCell as Cell, ReportHeader } from '@vigil/contract';
import { Link } from 'react-router';
import { MediaImage } from '../../../components/media-image';
import { cellView } from '../lib/report-cells';

/** One cell by its column's type: a date in the building's time zone, an in-app link, a thumbnail, or text. */
export function ReportCell({ cell, header, timeZone }: { cell: Cell | undefined; header: ReportHeader; timeZone: string }) {
  const view = cellView(cell, header.type, timeZone);
  switch (view.kind) {
    case 'empty':
      return null;
    case 'date':
      return (
        <time dateTime={view.dateTime} style={{ whiteSpace: 'nowrap' }}>
          {view.text}
        </time>
      );
    case 'link':
      return view.to ? (
        <Anchor component={Link} to={view.to} size="sm">
          {view.text}
        </Anchor>
      ) : (
        <>{view.text}</>
      );
    case 'image':
      return <MediaImage src={view.src} alt={header.title} w={48} h={48} />;
    case 'number':
      return (
        <Text span size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {view.text}
        </Text>
      );
    case 'text':
      return <>{view.text}</>;
  }
}
