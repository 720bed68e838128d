import { http, type Link, type WriteEnvelope } from '@linksite/platform';
import type { LinkInput } from './link-input';

/** `POST /api/store/create` → the server's Korean message and the new link (with its `id`). Admin only. */
export async function createLink(input: LinkInput): Promise<{ message: string; product: Link }> {
  const { data } = await http.post<WriteEnvelope<Link>>('/store/create', input);
  return { message: data.message, product: data.product as Link };
}
