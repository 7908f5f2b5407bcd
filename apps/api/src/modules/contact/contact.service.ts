import { contactRequests } from '@complivue/db/schema/site';
import type { contactRequestSchema } from '@complivue/shared/schemas/contact';
import type { z } from 'zod';
import type { RequestOrigin } from '../../lib/actor.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { deliverContactRequest } from './contact-delivery.ts';

type ContactMessage = Omit<z.output<typeof contactRequestSchema>, 'website'>;

/**
 * Stores a message of the public contact form, then emails the team's copy. The message is
 * kept first so that a failed email loses nothing: the retry job sends it later.
 */
export async function submitContactRequest(
  deps: Pick<ServiceDeps, 'db' | 'mailer' | 'env'>,
  options: { origin: RequestOrigin; message: ContactMessage },
) {
  const [stored] = await deps.db
    .insert(contactRequests)
    .values({
      ...options.message,
      ipAddress: options.origin.ip,
      userAgent: options.origin.userAgent,
    })
    .returning({ id: contactRequests.id });
  const outcome = await deliverContactRequest({
    db: deps.db,
    mailer: deps.mailer,
    contactEmail: deps.env.CONTACT_EMAIL,
    id: stored!.id,
  });
  return { id: stored!.id, outcome };
}
