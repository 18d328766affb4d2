/** A test CA and a localhost/127.0.0.1/::1 server certificate it signed, as PEM files in `dir`. */
export declare function makeTestCerts(dir?: string): { dir: string; caCert: string; cert: string; key: string };
