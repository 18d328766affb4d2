import type { visitorReplySchema } from '@vigil/contract';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/http';

type VisitorReply = z.infer<typeof visitorReplySchema>;

/** POST /api/v4/faces/visitor: the face becomes a new regular visitor; the reply names them. */
export async function addVisitor(runtimeFaceUuid: string): Promise<string> {
  const reply = await apiRequest<VisitorReply>('POST', '/api/v4/faces/visitor', {
    service: null,
    body: { runtime_face_uuid: runtimeFaceUuid },
  });
  return reply.frontend_face_uuid;
}
