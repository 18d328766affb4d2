import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/**
 * What makes the faces' embeddings: human's faceres model, named with the version of the npm package that ships its
 * weights. The server keeps it with every embedding, so a model never mixes vectors of two embedders.
 */
export const EMBEDDER = `human-faceres@${
  (JSON.parse(readFileSync(join(dirname(require.resolve('@vladmandic/human')), '..', 'package.json'), 'utf8')) as { version: string })
    .version
}`;
