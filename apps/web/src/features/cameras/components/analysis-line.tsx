import { Badge, Stack, Text, Tooltip } from '@mantine/core';
import type { AnalysisView } from '../../../lib/analysis-status';

/** The tooltip's lines: who analyses the camera and what it last saw. */
function details(view: AnalysisView): string[] {
  const lines = [`Analyzer: ${view.analyzerName ?? 'none'}`];
  if (view.lastFace !== null) lines.push(`Last face: ${view.lastFace}`);
  if (view.lastObject !== null) lines.push(`Last object: ${view.lastObject}`);
  if (view.reportedAt !== null) lines.push(`Last report: ${view.reportedAt}`);
  return lines;
}

/** A camera card's analysis: a badge ('Analysed · 0.9 fps') over one line of the rest; more in a tooltip. */
export function AnalysisLine({ view }: { view: AnalysisView }) {
  const line = view.detail ?? view.summary;
  return (
    <Tooltip
      withArrow
      openDelay={300}
      label={
        <Stack gap={0}>
          {details(view).map((text) => (
            <Text key={text} size="xs">
              {text}
            </Text>
          ))}
        </Stack>
      }
    >
      <Stack gap={2} mt={6} align="flex-start" data-testid="camera-analysis">
        <Badge color={view.color} variant="dot" tt="none">
          {view.badge}
        </Badge>
        {line !== null && (
          <Text size="xs" c="dimmed" lineClamp={1} title={line}>
            {line}
          </Text>
        )}
      </Stack>
    </Tooltip>
  );
}
