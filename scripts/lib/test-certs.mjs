// A certificate authority of the test run's own and a server certificate it signed for localhost, 127.0.0.1 and ::1,
// made with Debian's openssl in a temporary folder. A local https server (the push receiver) uses the certificate;
// a Node process trusts it through NODE_EXTRA_CA_CERTS=<caCert>, which Node reads only when it starts.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const openssl = (args, cwd) => execFileSync('openssl', args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });

/**
 * Makes the CA and a localhost certificate (P-256 keys, valid 7 days) in `dir` (a new temporary folder by default).
 * @param {string} [dir]
 * @returns {{ dir: string, caCert: string, cert: string, key: string }} paths of the PEM files
 */
export function makeTestCerts(dir = mkdtempSync(join(tmpdir(), 'vigil-test-certs-'))) {
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'];
  openssl(
    [
      'req',
      '-x509',
      ...ec,
      '-keyout',
      'ca.key',
      '-out',
      'ca.pem',
      '-days',
      '7',
      '-subj',
      '/CN=Vigil test CA',
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign,cRLSign',
    ],
    dir,
  );
  openssl(['req', ...ec, '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=localhost'], dir);
  writeFileSync(
    join(dir, 'server.ext'),
    'basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=serverAuth\n' +
      'subjectAltName=DNS:localhost,IP:127.0.0.1,IP:::1\n',
  );
  openssl(
    [
      'x509',
      '-req',
      '-in',
      'server.csr',
      '-CA',
      'ca.pem',
      '-CAkey',
      'ca.key',
      '-CAcreateserial',
      '-out',
      'server.pem',
      '-days',
      '7',
      '-extfile',
      'server.ext',
    ],
    dir,
  );
  return { dir, caCert: join(dir, 'ca.pem'), cert: join(dir, 'server.pem'), key: join(dir, 'server.key') };
}
