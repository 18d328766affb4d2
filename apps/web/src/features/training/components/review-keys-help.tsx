import { Fragment } from 'react';
import { Group, Kbd, Text } from '@mantine/core';
import { REVIEW_KEY_HELP } from '../lib/review-keys';

/** The keys of the review list, in one line. */
export function ReviewKeysHelp() {
  return (
    <Group gap="xs" component="p" m={0} aria-label="Keyboard shortcuts" role="note">
      {REVIEW_KEY_HELP.map((entry) => (
        <Text key={entry.does} component="span" size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {entry.keys.map((key, index) => (
            <Fragment key={key}>
              {index > 0 && ' / '}
              <Kbd size="xs">{key}</Kbd>
            </Fragment>
          ))}{' '}
          {entry.does}
        </Text>
      ))}
    </Group>
  );
}
