import { Container } from '@mantine/core';
import { useParams } from 'react-router';
import { ReportDetail } from '../components/report-detail';
import { ReportsOverview } from '../components/reports-overview';

/** /report/:id? (keycard/view_reports): the reports list, or one report. */
export default function ReportsPage({ title }: { title: string }) {
  const { id } = useParams();
  return (
    <Container size="xl" py="md">
      {id ? <ReportDetail key={id} reportId={id} /> : <ReportsOverview title={title} />}
    </Container>
  );
}
