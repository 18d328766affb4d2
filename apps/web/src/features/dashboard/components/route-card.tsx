import { Badge, Card, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { RouteLinkInfo } from '../../../lib/route-catalog';
import classes from './route-card.module.css';

/** One dashboard card: the route's title is the link, the description and an optional real figure sit under it. */
export function RouteCard({ route, stat }: { route: RouteLinkInfo; stat: string | null }) {
  return (
    <Card withBorder padding="lg" radius="md" className={classes.card}>
      <Title order={2} fz="h4">
        <Link to={route.href} className={classes.link}>
          {route.title}
        </Link>
      </Title>
      <Text size="sm" c="dimmed" mt={6}>
        {route.description}
      </Text>
      {stat !== null && (
        <Badge mt="sm" variant="light" size="lg" tt="none" data-testid="card-stat">
          {stat}
        </Badge>
      )}
    </Card>
  );
}
