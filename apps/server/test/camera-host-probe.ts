// Run by camera-hosts.test.ts inside its own network namespace (unshare -n): it names outside addresses, so even if
// the guard failed, no packet could leave the machine. Prints what the API answered, as JSON on the last line.
import { MAPLE, bearer, createTestContext } from './harness.js';

const ctx = await createTestContext({ VIGIL_RECORDER: 'on', VIGIL_DEMO_CAMERAS: 'off' });
const manager = await ctx.signIn('manager@maple.example');
const upload = async (host: string) => {
  const reply = await ctx.app.inject({
    method: 'POST',
    url: '/api/v4/cameras/upload',
    headers: bearer(manager),
    payload: [{ name: `Probe ${host}`, domainUUID: MAPLE, host, port: 22, path: '/x' }],
  });
  return { host, status: reply.statusCode, error: reply.json<{ error?: string }>().error ?? null };
};
const before = (await ctx.database.db.selectFrom('cameras').select('uuid').execute()).length;
const results = [];
for (const host of ['192.0.2.10', '8.8.8.8', '[2001:db8::1]', 'camera.invalid', '172.32.0.1']) results.push(await upload(host));
results.push(await upload('192.168.77.7'));
const after = (await ctx.database.db.selectFrom('cameras').select('uuid').execute()).length;
// Moving a camera outside the allowed networks is refused the same way, and changes nothing.
const cameraUuid = (await ctx.database.db.selectFrom('cameras').select('uuid').where('host', '=', '192.168.77.7').executeTakeFirstOrThrow())
  .uuid;
const moved = await ctx.app.inject({
  method: 'PUT',
  url: `/api/v4/cameras/${cameraUuid}`,
  headers: bearer(manager),
  payload: { host: '198.51.100.7' },
});
const stillThere = (await ctx.database.db.selectFrom('cameras').select('host').where('uuid', '=', cameraUuid).executeTakeFirstOrThrow())
  .host;
const edit = { status: moved.statusCode, error: moved.json<{ error?: string }>().error ?? null, host: stillThere };
await ctx.close();
console.log(JSON.stringify({ results, added: after - before, edit }));
process.exit(0);
