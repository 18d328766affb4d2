import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { OPENAPI_FILE, generateOpenApi } from './openapi.js';

writeFileSync(OPENAPI_FILE, await generateOpenApi());
console.log(`Wrote ${fileURLToPath(OPENAPI_FILE)}`);
